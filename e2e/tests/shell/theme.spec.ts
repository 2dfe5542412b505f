// Theme per contract: title, favicon, colours, logos and the body class follow the current contract.
import { test, expect } from '../../fixtures/index.ts';

const THEMES: Record<string, { title: string; bodyClass: RegExp }> = {
  'Dijon Métropole': { title: 'Portail Dijon Métropole', bodyClass: /theme-default/ },
  'Grand Lyon Eau': { title: 'Grand Lyon Eau — portail', bodyClass: /theme-alternate/ },
};

test('switching contract re-themes the portal', async ({ portalDocument, page, shell, signInAs, axe }) => {
  await signInAs('multi-contract');
  await expect(shell.heading).toHaveText('Tableau de bord');
  await expect(shell.contractMenuButton).toHaveText(/Dijon Métropole|Grand Lyon Eau|Eaux du Nord/);
  // start from Dijon Métropole whatever contract the user saved last
  if ((await shell.contractMenuButton.innerText()).trim() !== 'Dijon Métropole') {
    await shell.switchContract('Dijon Métropole');
  }
  await expect(shell.contractMenuButton).toHaveText('Dijon Métropole');
  await expect(page).toHaveTitle(THEMES['Dijon Métropole']!.title);
  await expect(portalDocument.body).toHaveClass(THEMES['Dijon Métropole']!.bodyClass);
  await expect(shell.banner.getByRole('img', { name: /Logo de Dijon Métropole/ })).toBeVisible();
  const firstColor = await shell.primaryColor();
  const firstFavicon = await portalDocument.favicon();
  await axe();

  await shell.switchContract('Grand Lyon Eau');
  await expect(shell.contractMenuButton).toHaveText('Grand Lyon Eau');
  await expect(page).toHaveTitle(THEMES['Grand Lyon Eau']!.title);
  await expect(portalDocument.body).toHaveClass(THEMES['Grand Lyon Eau']!.bodyClass);
  expect(await shell.primaryColor()).not.toBe(firstColor);
  expect(await portalDocument.favicon()).not.toBe(firstFavicon);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('current_contract'))).toBe('2');
  await axe();

  // the choice is saved in the user configuration: a new session keeps it
  await page.evaluate(() => localStorage.removeItem('current_contract'));
  await page.reload();
  await expect(page).toHaveTitle(THEMES['Grand Lyon Eau']!.title);
});
