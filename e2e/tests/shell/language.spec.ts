// The interface language (portal.md section 1: "in French by default (fallback language fr)"): a
// browser set to English opens the portal in French; English only once the person picks it, and
// only that choice is saved for the next visit.
import { test, expect } from '../../fixtures/index.ts';

test.use({ locale: 'en-US' });

test('an English browser opens the portal in French and saves no language until one is picked', async ({
  page,
  signInAs,
  shell,
  portalDocument,
}) => {
  await signInAs('agent', '/mentions-legales-portail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions légales');
  await expect(portalDocument.root).toHaveAttribute('lang', 'fr');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  expect(await shell.storage('language')).toBeNull();

  await shell.openUserMenu();
  await shell.banner.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal notice');
  expect(await shell.storage('language')).toBe('en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal notice');
  await expect(portalDocument.root).toHaveAttribute('lang', 'en');
});
