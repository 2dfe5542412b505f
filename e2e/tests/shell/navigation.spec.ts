// Navigation as people expect it: each tab and each page of a list is a history entry (Back
// returns to it), "← Retour" from a detail finds the list as it was left (tab, page, search), a
// new page opens at its top, and one side-menu entry is highlighted at a time.
import { PAGING } from '@portal/contract/constants';
import { test, expect, TerritorialAdminPage } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

test('tabs and list pages are history entries; Retour returns to the list as it was left', async ({
  page,
  signInAs,
  list,
  territorialAdmin: admin,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  const tab = (name: 'Territoires' | 'Utilisateurs') => admin.tab(name);
  await expect(tab('Territoires')).toHaveAttribute('aria-selected', 'true');

  await tab('Utilisateurs').click();
  await expect(page).toHaveURL(/#utilisateurs$/);
  await list.goToPage(2);
  await expect(page).toHaveURL(/users_page=2#utilisateurs$/);
  await list.goToPage(3);
  await expect(page).toHaveURL(/users_page=3#utilisateurs$/);

  // Back: page 2, then page 1, then the previous tab
  await page.goBack();
  await expect(page).toHaveURL(/users_page=2#utilisateurs$/);
  await expect(list.currentPage).toHaveText('2');
  await page.goBack();
  await expect(page).not.toHaveURL(/users_page=/);
  await expect(tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(tab('Territoires')).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');

  // a detail opened from page 2, its own tabs visited, then "← Retour": page 2 of the users tab
  await list.goToPage(2);
  await expect(page).toHaveURL(/users_page=2#utilisateurs$/);
  // the rows of page 2 have arrived (until then the table keeps page 1's rows in place)
  await expect(list.range).toContainText(new RegExp(`^${PAGING.defaultItemsPerPage + 1}–`));
  const firstRow = list.rows.first();
  const name = (await firstRow.getByRole('cell').first().innerText()).split('\n')[0]!.trim();
  await firstRow.getByRole('link', { name: /^Voir l'utilisateur/ }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/utilisateur\/\d+/);
  await tab('Territoires').click();
  await expect(page).toHaveURL(/#areas$/);
  await page.getByRole('link', { name: '← Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\?users_page=2#utilisateurs$/);
  await expect(list.rows.first()).toContainText(name);

  // opened afresh (no history to return to), "← Retour" still leads to the list
  await page.goto('/gestion-territoriale/utilisateur/1');
  await page.getByRole('link', { name: '← Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale#utilisateurs$/);
});

test('a new page opens at its top; one menu entry is highlighted at a time', async ({
  shell,
  page,
  signInAs,
  mock,
  list,
}) => {
  const users = await mock.totalAs('contract-admin', 'listContractUsers', { params: { contractId: 1 } });
  await page.setViewportSize({ width: 1280, height: 500 });
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  await expect(list.rows).toHaveCount(Math.min(users, PAGING.defaultItemsPerPage));
  const link = list.rows.getByRole('link', { name: /^Voir l'utilisateur/ }).last();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await link.click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/utilisateur\/\d+/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await expect(shell.currentMenuLabel).toHaveText(['Gestion territoriale']);
  await expect(shell.activeMenuLinks).toHaveCount(1);
});

test('on a sub-page, only the closest menu entry is highlighted', async ({ shell, page, signInAs }) => {
  await signInAs('signal-agent', '/signalement/signaler');
  await expect(shell.currentMenuLabel).toHaveText(['Signaler']);
  await shell.menuLink('Signalements').click();
  await expect(page).toHaveURL(/\/signalement$/);
  await expect(shell.currentMenuLabel).toHaveText(['Signalements']);
  await expect(shell.activeMenuLinks).toHaveCount(1);
});

test('a sub-page shows a breadcrumb: home, the places above it, then the page itself', async ({
  shell,
  page,
  signInAs,
  list,
  axe,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  const crumbs = page.getByRole('navigation', { name: "Fil d'Ariane" });
  // a top-level page has none
  await expect(list.table).toBeVisible();
  await expect(crumbs).toHaveCount(0);

  await list
    .row('contract-admin@portal.test')
    .getByRole('link', { name: /^Voir l'utilisateur/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claire Martin');
  await expect(crumbs.getByRole('listitem')).toHaveText(['Accueil', 'Gestion territoriale', 'Claire Martin']);
  await expect(shell.currentCrumb).toHaveText('Claire Martin');
  await axe();
  await crumbs.getByRole('link', { name: 'Gestion territoriale' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale$/);
  await expect(crumbs).toHaveCount(0);
});
