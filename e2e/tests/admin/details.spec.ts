// Detail screens under the territorial route and the contract details route (area, community
// organization, operator, user), each with its own rights; the user contracts tab's switch; the
// read-only profile view.
import { test, expect, countText, Dialog, type PagedList } from '../../fixtures/index.ts';
import type { Locator } from '@playwright/test';
import { agentCommunities } from '../../fixtures/memberships.ts';

// several axe runs and reloads per test: room for a loaded CI machine
test.describe.configure({ timeout: 90_000 });
// the tab panes fade in: without motion, axe reads the shown pane, never one half-way through its
// fade (whose text has not reached its contrast yet)
test.use({ reducedMotion: 'reduce' });

/** The number a count cell of the areas list shows, once it has arrived (a spinner until then). */
async function countIn(cell: Locator): Promise<number> {
  await expect(cell).toHaveText(/^\d+$/);
  return Number(await cell.textContent());
}

/** What the areas list says of an area: its skill sets, operators and community organizations. */
async function areaCounts(list: PagedList, area: string) {
  const cells = list.cells(area);
  return {
    categories: await countIn(cells.nth(1)),
    operators: await countIn(cells.nth(2)),
    organizations: await countIn(cells.nth(3)),
  };
}

test('area detail: sub-tabs categories, operators and community organizations with the counts of the list', async ({
  page,
  signInAs,
  list,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  const counts = await areaCounts(list, 'Dijon centre');
  await list.row('Dijon centre').getByRole('link', { name: 'Voir le territoire Dijon centre' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/area\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dijon centre');
  await expect(page.getByRole('tab', { name: 'Compétences' })).toHaveAttribute('aria-selected', 'true');
  // each tab counts what the areas list said of the area
  await list.expectCount(counts.categories);
  await axe();
  await page.getByRole('tab', { name: 'Exploitants' }).click();
  await expect(page).toHaveURL(/#exploitants$/);
  await list.expectCount(counts.operators);
  await page.getByRole('tab', { name: 'Organisations territoriales' }).click();
  await list.expectCount(counts.organizations);
  await axe();
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale#territoires$/);
});

test('the same area detail under the contract details route, for the portal super admin', async ({
  page,
  signInAs,
  list,
}) => {
  await signInAs('portal-admin', '/admin/contrat/1');
  const { categories } = await areaCounts(list, 'Dijon centre');
  await list.row('Dijon centre').getByRole('link', { name: 'Voir le territoire Dijon centre' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/1\/area\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dijon centre');
  await list.expectCount(categories);
});

test('community organization detail: tabs users, areas and services', async ({
  page,
  signInAs,
  list,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#organisations');
  await list.row('Ville de Dijon').getByRole('link', { name: "Voir l'organisation Ville de Dijon" }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/organisation-territoriale\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ville de Dijon');
  await expect(page.getByRole('tab', { name: 'Utilisateurs' })).toHaveAttribute('aria-selected', 'true');
  const headers = page.getByRole('main').getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Profil' })).toBeVisible();
  await expect(headers.filter({ hasText: 'Dernière connexion' })).toBeVisible();
  await expect(list.rows.first()).toBeVisible();
  await axe();
  await page.getByRole('tab', { name: 'Territoires' }).click();
  await expect(list.rows.first()).toBeVisible();
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  await axe();
});

test('operator detail is open to a contract super admin and refused to an organization super admin', async ({
  page,
  signInAs,
  list,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#exploitants');
  await list
    .row('Eau de Dijon Métropole')
    .getByRole('link', { name: "Voir l'exploitant Eau de Dijon Métropole" })
    .click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/exploitant\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eau de Dijon Métropole');
  const operatorPath = new URL(page.url()).pathname;

  await signInAs('org-admin', operatorPath);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas les droits" })).toBeVisible();
});

test('user detail: title, about box, map of the areas and the four tabs', async ({
  page,
  signInAs,
  list,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#utilisateurs');
  await page.getByRole('searchbox').fill('contract-admin');
  await page.getByRole('searchbox').press('Enter');
  await list
    .row('contract-admin@portal.test')
    .getByRole('link', { name: /^Voir l'utilisateur/ })
    .click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/utilisateur\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claire Martin');
  await expect(page.getByText('contract-admin@portal.test')).toBeVisible();
  await expect(page.getByRole('region', { name: "Carte des territoires de l'utilisateur" })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Organisations', 'Exploitants', 'Territoires', 'Contrats']);
  await axe();
  await page.getByRole('tab', { name: 'Territoires' }).click();
  await expect(list.rows.first()).toBeVisible();
  // back to the list as it was left: the users tab with its search
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\?users_q=contract-admin#utilisateurs$/);
  await expect(page.getByRole('searchbox')).toHaveValue('contract-admin');
});

test('user detail: an administrator takes the user out of one organization, after a confirmation', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const { agent, communities: community } = await agentCommunities(mock);
  const target = community[0]!;
  await signInAs('contract-admin', `/gestion-territoriale/utilisateur/${agent.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Antoine Robert');
  await list.expectCount(community.length);

  // cancelling changes nothing
  await list
    .row(target.label)
    .getByRole('button', { name: `Retirer Antoine Robert de ${target.label}` })
    .click();
  const dialog = new Dialog(page, `Retirer de ${target.label}`);
  await expect(dialog.root).toContainText(`Antoine Robert ne fera plus partie de ${target.label}.`);
  await dialog.cancel();
  await dialog.expectHidden();
  await expect(list.row(target.label)).toHaveCount(1);

  await list
    .row(target.label)
    .getByRole('button', { name: `Retirer Antoine Robert de ${target.label}` })
    .click();
  await dialog.button('Supprimer').click();
  await dialog.expectHidden();
  await expect(list.row(target.label)).toHaveCount(0);
  // the tab's count goes down by one (an empty tab shows its empty-list row)
  await list.expectCount(community.length - 1);
  for (const other of community.slice(1)) await expect(list.row(other.label)).toHaveCount(1);
  const after = await mock.exportState<{ tables: { users: { id: number; organizationIds: number[] }[] } }>();
  const removed = after.tables.users.find((u) => u.id === agent.id)!;
  expect(removed.organizationIds).toEqual(agent.organizationIds.filter((id) => id !== target.id));
});

test('the user contracts tab switches the current contract: stored, page reloaded at the root, theme changed', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const persona = (await mock.personas()).find((p) => p.id === 'multi-contract');
  expect(persona?.contractIds.length).toBeGreaterThan(1);
  await signInAs('multi-contract', '/mon-profil#contracts');
  await expect(page.getByRole('tab', { name: 'Contrats' })).toHaveAttribute('aria-selected', 'true');
  await list.expectCount(persona?.contractIds.length ?? 0);
  // the persona's saved current contract is Grand Lyon Eau (2)
  await expect(list.row('Grand Lyon Eau').getByRole('img', { name: 'Contrat courant' })).toBeVisible();
  await expect(list.row('Eaux du Nord').getByRole('img', { name: 'Contrat courant' })).toHaveCount(0);
  // read-only: the profile view has no add or delete control
  await expect(page.getByRole('main').getByRole('button', { name: /^(Ajouter|Supprimer)/ })).toHaveCount(0);
  await axe();
  const primary = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim(),
    );
  await expect.poll(primary).toBe('#c8102e');

  await list
    .row('Eaux du Nord')
    .getByRole('button', { name: 'Basculer sur le contrat Eaux du Nord' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('current_contract'))).toBe('3');
  await expect.poll(primary).toBe('#006a4e');
  // the choice is saved: it holds after a reload, and the profile shows the new current contract
  await page.goto('/mon-profil#contracts');
  await expect(list.row('Eaux du Nord').getByRole('img', { name: 'Contrat courant' })).toBeVisible();
  await expect(
    list.row('Grand Lyon Eau').getByRole('button', { name: 'Basculer sur le contrat Grand Lyon Eau' }),
  ).toBeVisible();
});

test('the user contracts tab shows the loading_error warning when the contracts fail to load', async ({
  page,
  signInAs,
  mock,
}) => {
  await signInAs('multi-contract', '/mon-profil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await mock.faults.add({ method: 'GET', path: '/api/user/contracts', status: 500 });
  await page.getByRole('tab', { name: 'Contrats' }).click();
  // the query retries once (after 1 s) before it fails
  await expect(
    page.getByRole('alert').filter({ hasText: 'Une erreur est survenue lors du chargement des données.' }),
  ).toBeVisible({ timeout: 20_000 });
});

interface DetailsState {
  tables: {
    organizations: { id: number; label: string; type: string; contractId: number; areaIds: number[] }[];
    areas: { id: number; label: string; contractId: number }[];
  };
}

test('operator detail: every tab passes axe', async ({ page, signInAs, mock, axe }) => {
  const { tables } = await mock.exportState<DetailsState>();
  const operator = tables.organizations.find((o) => o.contractId === 1 && o.type === 'Operator');
  if (!operator) throw new Error('contract 1 has operators');
  await signInAs('contract-admin', `/gestion-territoriale/exploitant/${operator.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(operator.label);
  const tabs = page.getByRole('main').getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) {
    const tab = page.getByRole('main').getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main').getByRole('tabpanel')).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/^\d+ éléments?$|^Aucune information disponible$/)
        .first(),
    ).toBeVisible();
    await axe();
  }
});

test('area detail under the contract details route: every tab passes axe', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  const { tables } = await mock.exportState<DetailsState>();
  const area = tables.areas.find((a) => a.contractId === 1);
  if (!area) throw new Error('contract 1 has areas');
  await signInAs('portal-admin', `/admin/contrat/1/area/${area.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(area.label);
  const operators = tables.organizations.filter(
    (o) => o.contractId === 1 && o.type === 'Operator' && o.areaIds.includes(area.id),
  );
  for (const name of ['Compétences', 'Exploitants', 'Organisations territoriales']) {
    const tab = page.getByRole('main').getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    if (name === 'Exploitants') {
      await expect(page.getByText(countText(operators.length), { exact: true })).toBeVisible();
    }
    await expect(
      page
        .getByRole('main')
        .getByText(/^\d+ éléments?$|^Aucune information disponible$/)
        .first(),
    ).toBeVisible();
    await axe();
  }
});
