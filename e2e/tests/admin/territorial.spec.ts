// Territorial management (/gestion-territoriale) and the contract details (/admin/contrat/:id):
// the list tabs of territorial-admin.md section 2 against the default scenario.
import { PARTITION_HEADER } from '@portal/contract/control';
import { test, expect } from '../../fixtures/index.ts';
import type { Locator, Page } from '@playwright/test';

// several axe runs and reloads per test: room for a loaded CI machine
test.describe.configure({ timeout: 90_000 });

const rows = (page: Page) => page.getByRole('main').getByRole('table').locator('tbody tr');
const row = (page: Page, name: string | RegExp): Locator => rows(page).filter({ hasText: name });
const cells = (r: Locator) => r.getByRole('cell');

/** What the mock says a list holds (its total-count header), as a persona reads it: counts follow the scenario. */
async function totalOf(
  mock: { bearer: (persona: string) => Promise<Record<string, string>> },
  mockUrl: string,
  partition: string,
  persona: string,
  path: string,
): Promise<number> {
  const answer = await fetch(`${mockUrl}${path}?itemsPerPage=1`, {
    headers: { ...(await mock.bearer(persona)), [PARTITION_HEADER]: partition },
  });
  expect(answer.status).toBe(200);
  return Number(answer.headers.get('x-pagination-total-count'));
}

test('a contract super admin sees the areas of the current contract with their counts, and no add-area button', async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gestion territoriale');
  await expect(page.getByRole('tab', { name: 'Territoires' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('8 éléments')).toBeVisible();
  await expect(rows(page)).toHaveCount(8);
  const headers = page.getByRole('main').getByRole('columnheader');
  await expect(headers).toHaveText(['Libellé', 'Compétences', 'Exploitants', 'Organisations', 'Actions']);
  // Dijon centre: 8 skill sets, 3 operators, 2 community organizations (counts arrive after the list)
  await expect(cells(row(page, 'Dijon centre'))).toHaveText([
    'Dijon centre',
    '8',
    '3',
    '2',
    /Voir le territoire Dijon centre/,
  ]);
  await expect(page.getByRole('button', { name: 'Ajouter un territoire' })).toHaveCount(0);
  await axe();
});

test('counts show a spinner until they arrive and do not hold the list back', async ({
  page,
  signInAs,
  mock,
}) => {
  await mock.faults.add({ method: 'GET', path: '/api/contract/*/area/category-count', delayMs: 3000 });
  await signInAs('contract-admin', '/gestion-territoriale');
  await expect(row(page, 'Dijon centre')).toBeVisible();
  await expect(row(page, 'Dijon centre').getByRole('status').first()).toHaveText('Chargement du nombre');
  await expect(cells(row(page, 'Dijon centre')).nth(1)).toHaveText('8');
});

test('the users tab pages and searches, through the URL', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  partition,
  axe,
}) => {
  // the scenario's users (personas included): read from the mock, not counted here
  const total = await totalOf(mock, mockUrl, partition, 'contract-admin', '/api/contract/1/user');
  expect(total).toBeGreaterThan(40);
  await signInAs('contract-admin', '/gestion-territoriale#utilisateurs');
  await expect(page.getByRole('tab', { name: 'Utilisateurs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`${total} éléments`)).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText([
    'Nom',
    'Organisations',
    'Exploitants',
    'Actions',
  ]);
  await expect(row(page, 'contract-admin@portal.test')).toContainText('Claire Martin');
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/users_page=3/);
  await expect(rows(page)).toHaveCount(Math.min(20, total - 40));
  await page.getByRole('searchbox').fill('Martin');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/users_q=Martin/);
  await expect(row(page, 'contract-admin@portal.test')).toBeVisible();
  const shown = await rows(page).count();
  expect(shown).toBeLessThan(20);
  for (let i = 0; i < shown; i += 1) await expect(rows(page).nth(i)).toContainText(/martin/i);
  await axe();
});

test('deleting an operator: a confirmation titled with its name, then the row goes and the count changes', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  // The scenario's dates are relative to the day it is built: read the operator's end date from the state.
  const { tables } = await mock.exportState<{
    tables: { organizations: { label: string; endDate: string | null }[] };
  }>();
  const endDate = tables.organizations.find((o) => o.label === 'Eau de Dijon Métropole')?.endDate;
  expect(endDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
  const [year, month, day] = (endDate ?? '').slice(0, 10).split('-');
  await signInAs('contract-admin', '/gestion-territoriale#exploitants');
  await expect(page.getByText('5 éléments')).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText([
    'Nom',
    'Compétences',
    'Date de fin de contrat',
    'Territoires',
    'Membres',
    'Actions',
  ]);
  await expect(cells(row(page, 'Eau de Dijon Métropole'))).toHaveText([
    'Eau de Dijon Métropole',
    '3',
    `${day}/${month}/${year}`,
    '3',
    '4',
    /Supprimer l'exploitant/,
  ]);
  await row(page, 'Voirie Bourgogne')
    .getByRole('button', { name: "Supprimer l'exploitant Voirie Bourgogne" })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Voirie Bourgogne');
  await axe();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Voirie Bourgogne')).toHaveCount(0);
  await expect(page.getByText('4 éléments')).toBeVisible();
  // the areas' operator counts changed too
  await page.getByRole('tab', { name: 'Territoires' }).click();
  await expect(cells(row(page, 'Dijon centre')).nth(2)).toHaveText('2');
});

test('the master organization cannot be deleted: its delete is disabled with a tooltip', async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#organisations');
  await expect(page.getByText('7 éléments')).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText([
    'Nom',
    'Territoires',
    'Compétences',
    'Membres',
    'Organisation maître',
    'Actions',
  ]);
  const master = row(page, 'Dijon Métropole').first();
  await expect(cells(master).nth(4)).toHaveText('Oui');
  await expect(
    master.getByRole('button', { name: "Supprimer l'organisation Dijon Métropole" }),
  ).toBeDisabled();
  await master.getByRole('note').hover();
  await expect(page.getByRole('tooltip')).toHaveText("L'organisation maître ne peut pas être supprimée");
  await expect(
    row(page, 'Ville de Dijon').getByRole('button', { name: "Supprimer l'organisation Ville de Dijon" }),
  ).toBeEnabled();
  await axe();
});

test("services: 'transversal' when a service has no skill set, and the edit modal", async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#services');
  await expect(page.getByText('24 éléments')).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText(['Nom', 'Compétence', 'Actions']);
  await expect(cells(row(page, 'Power BI'))).toHaveText([
    'Power BI',
    'transversal',
    /Modifier le service Power BI/,
  ]);
  await expect(cells(row(page, 'Rapports de tendances')).nth(1)).toHaveText('3');
  await axe();
  await row(page, 'Power BI').getByRole('button', { name: 'Modifier le service Power BI' }).click();
  await expect(page.getByRole('dialog').getByText("Modification d'un service")).toBeVisible();
});

test('industrial sites: name, type, end date always "-", organizations count', async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#sites-industriels');
  await expect(page.getByText('6 éléments')).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText([
    'Nom',
    'Type',
    'Date de fin de contrat',
    'Organisations',
    'Actions',
  ]);
  await expect(cells(row(page, 'Dijon-Longvic'))).toHaveText([
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
}) => {
  await signInAs('org-admin', '/gestion-territoriale#organisations');
  // the server scopes the list to the organizations the admin belongs to
  await expect(page.getByText('1 élément', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter une organisation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Supprimer l'organisation/ })).toHaveCount(0);
  // the organization detail is open to organization super admins, the operator detail is not
  await expect(rows(page).getByRole('link', { name: /^Voir l'organisation/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Exploitants' }).click();
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
  axe,
}) => {
  await signInAs('portal-admin', '/admin/contrat/2#services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grand Lyon Eau');
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Territoires' }).click();
  // the add-area button shows on the contract details route
  await expect(page.getByRole('button', { name: 'Ajouter un territoire' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
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

  await signInAs('portal-admin', '/admin/contrat/1#territoires');
  await expect(page.getByText(`${areasBefore} éléments`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un territoire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une zone' });
  const search = dialog.getByLabel('Rechercher une commune');
  await expect(search).toHaveAccessibleDescription('Saisissez au moins 3 caractères (nom ou code postal).');
  await expect(dialog.getByText('Aucune commune sélectionnée')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Valider' })).toBeDisabled();

  // two characters: nothing is asked, nothing offered
  await search.fill('es');
  await page.waitForTimeout(800); // longer than the 500 ms debounce: a search would have started
  await expect(dialog.getByText(/résultat/)).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Communes trouvées' })).toHaveCount(0);
  expect(await mock.journal({ path: '/api/administrative-division' })).toHaveLength(0);

  // a keyword matching more than a page: the counter says how many, 15 are offered
  await search.fill('essaim');
  await expect(dialog.getByText(`${total} résultats`, { exact: true })).toBeVisible();
  const options = dialog.getByRole('list', { name: 'Communes trouvées' }).getByRole('button');
  await expect(options).toHaveCount(15);
  await axe();

  // chosen ones leave the options, which stay at 15; the selection is counted and can be undone
  const chosen: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const name = ((await options.first().textContent()) ?? '').trim();
    chosen.push(name);
    await options.first().click();
    await expect(
      dialog
        .getByRole('list', { name: 'Communes trouvées' })
        .getByRole('button', { name: `Ajouter ${name}`, exact: true }),
    ).toHaveCount(0);
  }
  await expect(options).toHaveCount(15);
  await expect(dialog.getByText('3 communes sélectionnées')).toBeVisible();
  const selection = dialog.getByRole('list', { name: 'Communes sélectionnées' });
  await expect(selection.getByRole('listitem')).toHaveText(chosen);
  await selection.getByRole('button', { name: `Retirer ${chosen[2] ?? ''}`, exact: true }).click();
  await expect(dialog.getByText('2 communes sélectionnées')).toBeVisible();

  // a keyword without a match
  await search.fill('zzzz');
  await expect(dialog.getByText('Aucun résultat', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Communes trouvées' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByText('La zone a été créée.')).toBeVisible();
  const after = (await mock.exportState<AreaState>()).tables.areas.filter((a) => a.contractId === 1);
  expect(after).toHaveLength(areasBefore + 1);
  const created = after.find((a) => !tables.areas.some((b) => b.id === a.id));
  const chosenIds = chosen
    .slice(0, 2)
    .map((name) => added.find((d) => `${d.label} (${d.postalCode})` === name)?.id);
  expect(created?.divisionIds).toEqual(chosenIds);
  await page.keyboard.press('Escape');
  await expect(page.getByText(`${areasBefore + 1} éléments`, { exact: true })).toBeVisible();
});
