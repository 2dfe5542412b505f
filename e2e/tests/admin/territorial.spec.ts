// Territorial management (/gestion-territoriale) and the contract details (/admin/contrat/:id):
// the list tabs of territorial-admin.md section 2 against the default scenario.
// The list counts come from the mock (what the persona's screen asks), not from numbers written here.
import { MUNICIPALITY_SEARCH, PAGING } from '@portal/contract/constants';
import { test, expect, Dialog, TerritorialAdminPage, showTooltip } from '../../fixtures/index.ts';

// several axe runs and reloads per test: room for a loaded CI machine
test.describe.configure({ timeout: 90_000 });

const PAGE_SIZE = PAGING.defaultItemsPerPage;

type Mock = Parameters<Parameters<typeof test>[2]>[0]['mock'];

/** An area's counts as the areas tab shows them (skill sets, operators, organizations), from the mock. */
async function areaCounts(mock: Mock, label: string): Promise<[string, string, string]> {
  const contract = { contractId: 1 };
  const [area] = await mock.getAs('contract-admin', 'listContractAreas', {
    params: contract,
    query: { labelFilter: label },
  });
  const areas = String(area?.id);
  const countIn = (counts: { id: number; count: number }[]) =>
    String(counts.find((c) => c.id === area?.id)?.count ?? 0);
  const organizations = (organizationType: 'Operator' | 'Community') =>
    mock.getAs('contract-admin', 'areaOrganizationCounts', {
      params: contract,
      query: { areas, organizationType },
    });
  return [
    countIn(await mock.getAs('contract-admin', 'areaCategoryCounts', { params: contract, query: { areas } })),
    countIn(await organizations('Operator')),
    countIn(await organizations('Community')),
  ];
}

test('a contract super admin sees the areas of the current contract with their counts, and no add-area button', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  const total = await mock.totalAs('contract-admin', 'listContractAreas', { params: { contractId: 1 } });
  await signInAs('contract-admin', '/gestion-territoriale');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gestion territoriale');
  await expect(admin.tab('Territoires')).toHaveAttribute('aria-selected', 'true');
  await list.expectCount(total);
  await expect(list.rows).toHaveCount(Math.min(total, PAGE_SIZE));
  await expect(list.columnHeaders).toHaveText([
    'Libellé',
    'Compétences',
    'Exploitants',
    'Organisations',
    'Actions',
  ]);
  // Dijon centre: its skill sets, operators and community organizations (counts arrive after the list)
  const [skillSets, operators, organizations] = await areaCounts(mock, 'Dijon centre');
  await expect(list.cells('Dijon centre')).toHaveText([
    'Dijon centre',
    skillSets,
    operators,
    organizations,
    /Voir le territoire Dijon centre/,
  ]);
  await expect(page.getByRole('button', { name: 'Ajouter un territoire' })).toHaveCount(0);
  await axe();
});

test('counts show a spinner until they arrive and do not hold the list back', async ({
  signInAs,
  mock,
  list,
}) => {
  await mock.faults.add({ method: 'GET', path: '/api/contract/*/area/category-count', delayMs: 3000 });
  await signInAs('contract-admin', '/gestion-territoriale');
  await expect(list.row('Dijon centre')).toBeVisible();
  await expect(list.row('Dijon centre').getByRole('status').first()).toHaveText('Chargement du nombre');
  await expect(list.cells('Dijon centre').nth(1)).toHaveText((await areaCounts(mock, 'Dijon centre'))[0]);
});

test('the users tab pages and searches, through the URL', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  // the scenario's users (personas included): read from the mock, not counted here
  const total = await mock.totalAs('contract-admin', 'listContractUsers', { params: { contractId: 1 } });
  expect(total).toBeGreaterThan(2 * PAGE_SIZE);
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  await expect(admin.tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');
  await list.expectCount(total);
  await expect(list.rows).toHaveCount(PAGE_SIZE);
  await expect(list.columnHeaders).toHaveText(['Nom', 'Organisations', 'Exploitants', 'Actions']);
  await expect(list.row('contract-admin@portal.test')).toContainText('Claire Martin');
  await list.goToPage(3);
  await expect(page).toHaveURL(/users_page=3/);
  await expect(list.rows).toHaveCount(Math.min(PAGE_SIZE, total - 2 * PAGE_SIZE));
  await list.search('Martin');
  await expect(page).toHaveURL(/users_q=Martin/);
  await expect(list.row('contract-admin@portal.test')).toBeVisible();
  const shown = await list.rows.count();
  expect(shown).toBeLessThan(PAGE_SIZE);
  for (let i = 0; i < shown; i += 1) await expect(list.rows.nth(i)).toContainText(/martin/i);
  await axe();
});

test('deleting an operator: a confirmation titled with its name, then the row goes and the count changes', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  // The scenario's dates are relative to the day it is built: read the operator's end date from the state.
  const { tables } = await mock.exportState<{
    tables: { organizations: { label: string; endDate: string | null }[] };
  }>();
  const endDate = tables.organizations.find((o) => o.label === 'Eau de Dijon Métropole')?.endDate;
  expect(endDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
  const [year, month, day] = (endDate ?? '').slice(0, 10).split('-');
  const operators = await mock.totalAs('contract-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: {
      type: 'Operator',
    },
  });
  await signInAs('contract-admin', TerritorialAdminPage.path('Exploitants'));
  await list.expectCount(operators);
  await expect(list.columnHeaders).toHaveText([
    'Nom',
    'Compétences',
    'Date de fin de contrat',
    'Territoires',
    'Membres',
    'Actions',
  ]);
  // its skill sets, areas and members, as the mock holds them
  const [operator] = await mock.getAs('contract-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: { type: 'Operator', q: 'Eau de Dijon Métropole' },
  });
  const [members] = await mock.getAs('contract-admin', 'organizationUserCounts', {
    params: { contractId: 1 },
    query: { organizations: String(operator?.id) },
  });
  await expect(list.cells('Eau de Dijon Métropole')).toHaveText([
    'Eau de Dijon Métropole',
    String(operator?.category.length),
    `${day}/${month}/${year}`,
    String(operator?.area.length),
    String(members?.count),
    /Supprimer l'exploitant/,
  ]);
  await list
    .row('Voirie Bourgogne')
    .getByRole('button', { name: "Supprimer l'exploitant Voirie Bourgogne" })
    .click();
  const dialog = new Dialog(page);
  await expect(dialog.heading).toHaveText('Voirie Bourgogne');
  await axe();
  await dialog.button('Supprimer').click();
  await dialog.expectHidden();
  await expect(list.row('Voirie Bourgogne')).toHaveCount(0);
  await list.expectCount(operators - 1);
  // the areas' operator counts changed too
  await admin.openTab('Territoires');
  await expect(list.cells('Dijon centre').nth(2)).toHaveText((await areaCounts(mock, 'Dijon centre'))[1]);
});

test('the master organization cannot be deleted: its delete is disabled with a tooltip', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const organizations = await mock.totalAs('contract-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: {
      type: 'Community',
    },
  });
  await signInAs('contract-admin', TerritorialAdminPage.path('Organisations'));
  await list.expectCount(organizations);
  await expect(list.columnHeaders).toHaveText([
    'Nom',
    'Territoires',
    'Compétences',
    'Membres',
    'Organisation maître',
    'Actions',
  ]);
  const master = list.row('Dijon Métropole').first();
  await expect(master.getByRole('cell').nth(4)).toHaveText('Oui');
  await expect(
    master.getByRole('button', { name: "Supprimer l'organisation Dijon Métropole" }),
  ).toBeDisabled();
  const tooltip = await showTooltip(page, master.getByRole('note'));
  await expect(tooltip).toHaveText("L'organisation maître ne peut pas être supprimée");
  // the keyboard reaches it too: the wrapper takes the focus the disabled button cannot
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
  await master.getByRole('note').focus();
  await expect(tooltip).toHaveText("L'organisation maître ne peut pas être supprimée");
  await expect(
    list.row('Ville de Dijon').getByRole('button', { name: "Supprimer l'organisation Ville de Dijon" }),
  ).toBeEnabled();
  await axe();
});

test("services: 'transversal' when a service has no skill set, and the edit modal", async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const services = await mock.totalAs('contract-admin', 'listContractServices', {
    params: { contractId: 1 },
  });
  await signInAs('contract-admin', TerritorialAdminPage.path('Services'));
  await list.expectCount(services);
  await expect(list.columnHeaders).toHaveText(['Nom', 'Compétence', 'Actions']);
  await expect(list.cells('Power BI')).toHaveText([
    'Power BI',
    'transversal',
    /Modifier le service Power BI/,
  ]);
  // a service with skill sets shows how many (the first page's, read from the mock)
  const firstPage = await mock.getAs('contract-admin', 'listContractServices', {
    params: { contractId: 1 },
  });
  const withSkills = firstPage.find((s) => s.service.categories.length > 0);
  expect(withSkills).toBeDefined();
  await expect(list.cells(withSkills?.serviceLabel ?? '').nth(1)).toHaveText(
    String(withSkills?.service.categories.length),
  );
  await axe();
  await list.row('Power BI').getByRole('button', { name: 'Modifier le service Power BI' }).click();
  await expect(new Dialog(page).text("Modification d'un service")).toBeVisible();
});

test('industrial sites: name, type, end date always "-", organizations count', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const sites = await mock.totalAs('contract-admin', 'listIndustrialSites', { query: { contractId: 1 } });
  await signInAs('contract-admin', TerritorialAdminPage.path('Sites industriels'));
  await list.expectCount(sites);
  await expect(list.columnHeaders).toHaveText([
    'Nom',
    'Type',
    'Date de fin de contrat',
    'Organisations',
    'Actions',
  ]);
  await expect(list.cells('Dijon-Longvic')).toHaveText([
    'Station d’épuration Dijon-Longvic',
    "Station d'épuration",
    '-',
    '1',
    /Voir le site/,
  ]);
  await axe();
  await page.getByRole('button', { name: 'Ajouter un site industriel' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/site-industriel\/creation$/);
});

test('a list that fails to load shows the loading_error warning', async ({ page, signInAs, mock }) => {
  await mock.faults.add({ method: 'GET', path: '/api/contract/*/organization', status: 500 });
  await signInAs('contract-admin', '/gestion-territoriale#exploitants');
  // the list query retries once (after 1 s) before it fails
  await expect(page.getByRole('alert')).toHaveText(
    'Une erreur est survenue lors du chargement des données.',
    { timeout: 20_000 },
  );
  await expect(page).toHaveURL(/gestion-territoriale/);
});

test('an organization super admin reaches the territorial management without contract-admin controls', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
}) => {
  // the server scopes the list to the organizations the admin belongs to: fewer than the contract's
  const community = { params: { contractId: 1 }, query: { type: 'Community' } } as const;
  const own = await mock.totalAs('org-admin', 'listContractOrganizations', community);
  expect(own).toBeGreaterThan(0);
  expect(own).toBeLessThan(await mock.totalAs('contract-admin', 'listContractOrganizations', community));
  await signInAs('org-admin', TerritorialAdminPage.path('Organisations'));
  await list.expectCount(own);
  await expect(admin.addButton('Organisations')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Supprimer l'organisation/ })).toHaveCount(0);
  // the organization detail is open to organization super admins, the operator detail is not
  await expect(list.rows.getByRole('link', { name: /^Voir l'organisation/ })).toBeVisible();
  await admin.openTab('Exploitants');
  await expect(page.getByRole('link', { name: /^Voir l'exploitant/ })).toHaveCount(0);
});

test('a plain user is refused the territorial management', async ({ page, signInAs }) => {
  await signInAs('agent', '/gestion-territoriale');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas les droits" })).toBeVisible();
});

test('the contract details show the same tabs for the contract of the route, the tab from the fragment', async ({
  page,
  signInAs,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  await signInAs('portal-admin', TerritorialAdminPage.path('Services', 2));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grand Lyon Eau');
  await expect(admin.tab('Services')).toHaveAttribute('aria-selected', 'true');
  await admin.openTab('Territoires');
  // the add-area button shows on the contract details route
  await expect(admin.addButton('Territoires')).toBeVisible();
  await expect(list.rows.first()).toBeVisible();
  await axe();
});

test('a contract super admin is refused the contract details', async ({ page, signInAs }) => {
  await signInAs('contract-admin', '/admin/contrat/1');
  await expect(page).toHaveURL(/\/$/);
});

interface Division {
  id: number;
  label: string;
  postalCode: string;
  countryCode: string;
  lat: number;
  lng: number;
}
interface AreaState {
  seq: Record<string, number>;
  tables: {
    divisions: Division[];
    areas: { id: number; contractId: number; label: string; divisionIds: number[] }[];
  };
}

/** The server's search: accents and case folded, a name containing the keyword or a postal code starting with it. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const matching = (divisions: Division[], keyword: string) =>
  divisions.filter(
    (d) =>
      d.countryCode === 'FR' && (fold(d.label).includes(fold(keyword)) || d.postalCode.startsWith(keyword)),
  );

test('add an area: no search under 3 characters, the counter of every match, at most 15 offered, the selection counted', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  // more municipalities named alike than a page of 100 holds
  const state = await mock.exportState<AreaState>();
  const firstId = Math.max(...state.tables.divisions.map((d) => d.id)) + 1;
  const added: Division[] = Array.from({ length: 120 }, (_, i) => ({
    id: firstId + i,
    label: `Essaim-sur-Ouche ${i + 1}`,
    postalCode: String(21990 - (i % 9)),
    countryCode: 'FR',
    lat: 47.3 + i / 1000,
    lng: 5 + i / 1000,
  }));
  state.tables.divisions.push(...added);
  state.seq.divisions = firstId + added.length - 1;
  await mock.importState(state);
  const { tables } = await mock.exportState<AreaState>();
  const total = matching(tables.divisions, 'essaim').length;
  expect(total).toBeGreaterThan(100);
  const areasBefore = tables.areas.filter((a) => a.contractId === 1).length;

  await signInAs('portal-admin', TerritorialAdminPage.path('Territoires', 1));
  await list.expectCount(areasBefore);
  const wizard = await admin.add('Territoires');
  const search = wizard.field('Rechercher une commune');
  await expect(search).toHaveAccessibleDescription('Saisissez au moins 3 caractères (nom ou code postal).');
  await expect(wizard.text('Aucune commune sélectionnée')).toBeVisible();
  await expect(wizard.validateButton).toBeDisabled();

  // two characters: nothing is asked, nothing offered
  // longer than the 500 ms debounce: a search would have been asked by then
  const asked = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/administrative-division',
    { timeout: 800 },
  );
  await search.fill('es');
  await expect(asked).rejects.toThrow(/Timeout/);
  await expect(wizard.text(/résultat/)).toHaveCount(0);
  await expect(wizard.root.getByRole('list', { name: 'Communes trouvées' })).toHaveCount(0);
  expect(await mock.journal({ path: '/api/administrative-division' })).toHaveLength(0);

  // a keyword matching more than a page: the counter says how many, a screenful (MUNICIPALITY_SEARCH.maxOptions) is offered
  await search.fill('essaim');
  await expect(wizard.text(`${total} résultats`, true)).toBeVisible();
  const options = wizard.root.getByRole('list', { name: 'Communes trouvées' }).getByRole('button');
  await expect(options).toHaveCount(MUNICIPALITY_SEARCH.maxOptions);
  await axe();

  // chosen ones leave the options, which stay as many; the selection is counted and can be undone
  const chosen: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const name = ((await options.first().textContent()) ?? '').trim();
    chosen.push(name);
    await options.first().click();
    await expect(
      wizard.root
        .getByRole('list', { name: 'Communes trouvées' })
        .getByRole('button', { name: `Ajouter ${name}`, exact: true }),
    ).toHaveCount(0);
  }
  await expect(options).toHaveCount(MUNICIPALITY_SEARCH.maxOptions);
  await expect(wizard.text('3 communes sélectionnées')).toBeVisible();
  const selection = wizard.root.getByRole('list', { name: 'Communes sélectionnées' });
  await expect(selection.getByRole('listitem')).toHaveText(chosen);
  await selection.getByRole('button', { name: `Retirer ${chosen[2] ?? ''}`, exact: true }).click();
  await expect(wizard.text('2 communes sélectionnées')).toBeVisible();

  // a keyword without a match
  await search.fill('zzzz');
  await expect(wizard.text('Aucun résultat', true)).toBeVisible();
  await expect(wizard.root.getByRole('list', { name: 'Communes trouvées' })).toHaveCount(0);

  await wizard.validate();
  await expect(wizard.success('Le territoire a été créé.')).toBeVisible();
  const after = (await mock.exportState<AreaState>()).tables.areas.filter((a) => a.contractId === 1);
  expect(after).toHaveLength(areasBefore + 1);
  const created = after.find((a) => !tables.areas.some((b) => b.id === a.id));
  const chosenIds = chosen
    .slice(0, 2)
    .map((name) => added.find((d) => `${d.label} (${d.postalCode})` === name)?.id);
  expect(created?.divisionIds).toEqual(chosenIds);
  await page.keyboard.press('Escape');
  await list.expectCount(areasBefore + 1);
});
