// Areas are renamed, their automatic name "X et 1 autre" included, from the list's
// actions and from the detail; another user's detail lists that user's contracts, with no switch
// arrow, while one's own profile keeps them; the add-area search under another contract's
// details looks in that contract's country.
import { test, expect, Dialog, TerritorialAdminPage } from '../../fixtures/index.ts';

interface AreaState {
  tables: {
    areas: { id: number; contractId: number; label: string }[];
    divisions: { id: number; label: string }[];
    users: { id: number; personaId?: string; contractIds: number[] }[];
    contracts: { id: number; label: string; metadatas: Record<string, string | null> }[];
  };
}

test.describe.configure({ timeout: 90_000 });

test('an automatic area name is renamed from the list; an empty or taken name is refused on the field', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  // an area made of two municipalities gets the automatic name "X et 1 autre"
  const { tables } = await mock.exportState<AreaState>();
  const [first, second] = tables.divisions;
  if (!first || !second) throw new Error('the fixtures have municipalities');
  const created = await mock.sendAs('contract-admin', 'createContractArea', {
    params: { contractId: 1 },
    body: { divisionIds: [first.id, second.id] },
  });
  expect(created.status).toBe(201);
  const area = (await created.json()) as { id: number; label: string };
  expect(area.label).toMatch(/ et 1 autre$/);
  const taken = tables.areas.find((a) => a.contractId === 1);
  if (!taken) throw new Error('contract 1 has areas');

  await signInAs('contract-admin', TerritorialAdminPage.path('Territoires'));
  await list.searchBox.fill(area.label);
  await list
    .row(area.label)
    .getByRole('button', { name: `Renommer le territoire ${area.label}` })
    .click();
  const dialog = new Dialog(page, `Renommer le territoire ${area.label}`);
  const name = dialog.field('Nom du territoire');
  await expect(name).toHaveValue(area.label);
  await axe();

  await name.fill('');
  await dialog.save();
  await expect(name).toHaveAccessibleDescription('Ce champ est obligatoire.');
  await name.fill(taken.label.toUpperCase());
  await dialog.save();
  await expect(name).toHaveAccessibleDescription('Un autre territoire du contrat porte déjà ce nom.');
  await name.fill('Secteur des deux communes');
  await dialog.save();
  await dialog.expectHidden();
  await list.searchBox.fill('Secteur des deux communes');
  await expect(list.table.getByText('Secteur des deux communes', { exact: true })).toBeVisible();
  const saved = (await mock.exportState<AreaState>()).tables.areas.find((a) => a.id === area.id);
  expect(saved?.label).toBe('Secteur des deux communes');
});

test('an area is renamed from its detail; a failure keeps the name typed', async ({
  page,
  signInAs,
  mock,
}) => {
  const area = (await mock.exportState<AreaState>()).tables.areas.find((a) => a.contractId === 1);
  if (!area) throw new Error('contract 1 has areas');
  await signInAs('portal-admin', `/admin/contrat/1/area/${area.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(area.label);
  await page.getByRole('button', { name: 'Renommer', exact: true }).click();
  const dialog = new Dialog(page, `Renommer le territoire ${area.label}`);
  await mock.faults.add({ method: 'PUT', path: '/api/contract/1/area/*', status: 503, times: 1 });
  await dialog.field('Nom du territoire').fill('Cœur de métropole');
  await dialog.save();
  await expect(dialog.text(/L'enregistrement a échoué/).first()).toBeVisible();
  await expect(dialog.field('Nom du territoire')).toHaveValue('Cœur de métropole');
  await dialog.save();
  await dialog.expectHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cœur de métropole');
});

test("another user's contracts tab lists that user's contracts, with no switch; one's own keeps them", async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const { tables } = await mock.exportState<AreaState>();
  const multi = tables.users.find((u) => u.personaId === 'multi-contract');
  if (!multi) throw new Error('the multi-contract persona exists');
  const labelOf = (id: number) => tables.contracts.find((c) => c.id === id)?.label ?? '';

  // the contract-1 admin sees the user in contract 1 only (the one it administers them in)
  await signInAs('contract-admin', `/gestion-territoriale/utilisateur/${multi.id}#contracts`);
  const main = page.getByRole('main');
  await list.expectCount(1);
  await expect(list.table.getByText(labelOf(1), { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Basculer sur le contrat/ })).toHaveCount(0);
  const calls = await mock.journal({ path: `/api/user/${multi.id}/contracts` });
  expect(calls.length).toBeGreaterThan(0);

  // the portal super admin sees all three, still without switching itself
  await signInAs('portal-admin', `/admin/contrat/1/utilisateur/${multi.id}#contracts`);
  await list.expectCount(multi.contractIds.length);
  for (const id of multi.contractIds)
    await expect(list.table.getByText(labelOf(id), { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Basculer sur le contrat/ })).toHaveCount(0);

  // one's own profile: the switch arrows are there, on every contract but the current one
  await signInAs('multi-contract', '/mon-profil#contracts');
  await expect(main.getByRole('button', { name: /^Basculer sur le contrat/ })).toHaveCount(
    multi.contractIds.length - 1,
  );
});

test("the add-area search under another contract looks in that contract's country, France by default", async ({
  page,
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  // contract 2 is Tunisian; contract 1 has no country (France by default)
  const state = await mock.exportState<AreaState>();
  const tunisian = state.tables.contracts.find((c) => c.id === 2);
  const french = state.tables.contracts.find((c) => c.id === 1);
  if (!tunisian || !french) throw new Error('the fixtures have contracts 1 and 2');
  tunisian.metadatas = { ...tunisian.metadatas, contract_country_code: 'TN' };
  const { contract_country_code: _none, ...others } = french.metadatas;
  french.metadatas = others;
  await mock.importState(state);
  const countries = async () =>
    (await mock.journal({ path: '/api/administrative-division' })).map((call) =>
      new URLSearchParams(call.query).get('countryCode'),
    );

  // the portal super admin's session is on contract 1: under contract 2, Tunisian towns
  await signInAs('portal-admin', TerritorialAdminPage.path('Territoires', 2));
  let wizard = await admin.add('Territoires');
  await wizard.field('Rechercher une commune').fill('Bizerte');
  await expect(wizard.button('Ajouter Bizerte (7000)')).toBeVisible();
  expect(await countries()).toEqual(['TN']);
  await wizard.add('Bizerte (7000)');
  await wizard.validate();
  await expect(wizard.success('Le territoire a été créé.')).toBeVisible();
  await wizard.closeSuccess();
  await wizard.expectHidden();

  // under contract 1, without a country: France, where there is no Bizerte
  await mock.clearJournal();
  await page.goto(TerritorialAdminPage.path('Territoires', 1));
  wizard = await admin.add('Territoires');
  await wizard.field('Rechercher une commune').fill('Bizerte');
  await expect(wizard.text('Aucun résultat')).toBeVisible();
  await expect(wizard.button(/^Ajouter Bizerte/)).toHaveCount(0);
  expect(await countries()).toEqual(['FR']);
});
