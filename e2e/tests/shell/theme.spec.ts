// Theme per contract: title, favicon, colours, logos and the body class follow the current contract.
import { test, expect } from './shell-fixtures.ts';

test('switching contract re-themes the portal', async ({ page, shell, signInAs, axe }) => {
  await signInAs('multi-contract');
  await expect(shell.heading).toHaveText('Tableau de bord');
  await expect(page).toHaveTitle('Portail Dijon Métropole');
  await expect(page.locator('body')).toHaveClass(/theme-default/);
  await expect(shell.contractMenuButton).toHaveText('Dijon Métropole');
  const firstColor = await shell.primaryColor();
  const firstFavicon = await page.locator('link[rel~="icon"]').getAttribute('href');
  await expect(shell.banner.getByRole('img', { name: /Logo de Dijon Métropole/ })).toBeVisible();
  await axe();

  await shell.switchContract('Grand Lyon Eau');
  await expect(shell.contractMenuButton).toHaveText('Grand Lyon Eau');
  await expect(page).toHaveTitle('Grand Lyon Eau — portail');
  await expect(page.locator('body')).toHaveClass(/theme-alternate/);
  expect(await shell.primaryColor()).not.toBe(firstColor);
  expect(await page.locator('link[rel~="icon"]').getAttribute('href')).not.toBe(firstFavicon);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('current_contract'))).toBe('2');
  await axe();

  // the choice is saved in the user configuration: a new session keeps it
  await page.evaluate(() => localStorage.removeItem('current_contract'));
  await page.reload();
  await expect(page).toHaveTitle('Grand Lyon Eau — portail');
});
