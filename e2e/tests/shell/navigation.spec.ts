// Navigation as people expect it: each tab and each page of a list is a history entry (Back
// returns to it), "← Retour" from a detail finds the list as it was left (tab, page, search), a
// new page opens at its top, and one side-menu entry is highlighted at a time.
import { test, expect } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

test('tabs and list pages are history entries; Retour returns to the list as it was left', async ({
  page,
  signInAs,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await expect(tab('Territoires')).toHaveAttribute('aria-selected', 'true');

  await tab('Utilisateurs').click();
  await expect(page).toHaveURL(/#utilisateurs$/);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/users_page=2#utilisateurs$/);
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/users_page=3#utilisateurs$/);

  // Back: page 2, then page 1, then the previous tab
  await page.goBack();
  await expect(page).toHaveURL(/users_page=2#utilisateurs$/);
  await expect(
    page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]'),
  ).toHaveText('2');
  await page.goBack();
  await expect(page).not.toHaveURL(/users_page=/);
  await expect(tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(tab('Territoires')).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');

  // a detail opened from page 2, its own tabs visited, then "← Retour": page 2 of the users tab
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/users_page=2#utilisateurs$/);
  const firstRow = page.getByRole('main').getByRole('table').locator('tbody tr').first();
  const name = (await firstRow.getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  await firstRow.getByRole('link', { name: /^Voir l'utilisateur/ }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/utilisateur\/\d+/);
  await tab('Territoires').click();
  await expect(page).toHaveURL(/#areas$/);
  await page.getByRole('link', { name: '← Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\?users_page=2#utilisateurs$/);
  await expect(page.getByRole('main').getByRole('table').locator('tbody tr').first()).toContainText(name);

  // opened afresh (no history to return to), "← Retour" still leads to the list
  await page.goto('/gestion-territoriale/utilisateur/1');
  await page.getByRole('link', { name: '← Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale#utilisateurs$/);
});

test('a new page opens at its top; one menu entry is highlighted at a time', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await signInAs('contract-admin', '/gestion-territoriale#utilisateurs');
  await expect(page.getByRole('main').getByRole('table').locator('tbody tr')).toHaveCount(20);
  const link = page
    .getByRole('main')
    .getByRole('link', { name: /^Voir l'utilisateur/ })
    .last();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await link.click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/utilisateur\/\d+/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.locator('[aria-current="page"] .side-menu-label')).toHaveText(['Gestion territoriale']);
  await expect(menu.locator('.side-menu-link.active')).toHaveCount(1);
});

test('on a sub-page, only the closest menu entry is highlighted', async ({ page, signInAs }) => {
  await signInAs('signal-agent', '/signalement/signaler');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.locator('[aria-current="page"] .side-menu-label')).toHaveText(['Signaler']);
  await menu.getByRole('link', { name: 'Signalements', exact: true }).click();
  await expect(page).toHaveURL(/\/signalement$/);
  await expect(menu.locator('[aria-current="page"] .side-menu-label')).toHaveText(['Signalements']);
  await expect(menu.locator('.side-menu-link.active')).toHaveCount(1);
});

test('a sub-page shows a breadcrumb: home, the places above it, then the page itself', async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#utilisateurs');
  const crumbs = page.getByRole('navigation', { name: "Fil d'Ariane" });
  // a top-level page has none
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
  await expect(crumbs).toHaveCount(0);

  await page
    .getByRole('main')
    .getByRole('row')
    .filter({ hasText: 'contract-admin@portal.test' })
    .getByRole('link', { name: /^Voir l'utilisateur/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claire Martin');
  await expect(crumbs.getByRole('listitem')).toHaveText(['Accueil', 'Gestion territoriale', 'Claire Martin']);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Claire Martin');
  await axe();
  await crumbs.getByRole('link', { name: 'Gestion territoriale' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale$/);
  await expect(crumbs).toHaveCount(0);
});
