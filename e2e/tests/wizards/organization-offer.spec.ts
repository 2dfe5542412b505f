// What the organization wizards offer: the skill-set picker lists the
// top-level skill sets, searched by the server (GET /api/category?noParent=true&query=…); an
// organization's services are its skill sets' services and the transversal ones (no skill set),
// never only the first; the municipality search of a contract opened under /admin/contrat/{id}
// uses that contract's country, not the session's.
import { test, expect, TerritorialAdminPage, Wizard } from '../../fixtures/index.ts';

interface OfferState {
  tables: {
    categories: { id: number; label: string; parentId: number | null }[];
    services: { id: number; label: string; categoryIds: number[] }[];
    contractServices: { id: number; contractId: number; serviceId: number }[];
    organizations: {
      id: number;
      contractId: number;
      type: string;
      master: boolean;
      categoryIds: number[];
      contractServiceIds: number[];
    }[];
    contracts: { id: number; label: string; metadatas: Record<string, string | null> }[];
  };
}

test('the skill-set step lists top-level skill sets and searches them on the server', async ({
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  const { tables } = await mock.exportState<OfferState>();
  const parent = tables.categories.find(
    (c) => c.parentId === null && tables.categories.some((k) => k.parentId === c.id),
  );
  const child = tables.categories.find((c) => c.parentId === parent?.id);
  if (!parent || !child) throw new Error('the fixtures have a skill set with children');

  await signInAs('contract-admin', TerritorialAdminPage.path('Organisations'));
  const wizard = await admin.add('Organisations');
  await wizard.field("Nom de l'organisation").fill('Syndicat des eaux du Val');
  await wizard.next(2);
  await expect(
    wizard.root.getByRole('heading', { name: 'Compétences', level: 3, exact: true }),
  ).toBeVisible();

  const available = wizard.region('Compétences disponibles');
  await expect(available.getByRole('button', { name: `Ajouter ${parent.label}`, exact: true })).toBeVisible();
  await expect(available.getByRole('button', { name: `Ajouter ${child.label}`, exact: true })).toHaveCount(0);
  const calls = await mock.journal({ path: '/api/category' });
  expect(calls.every((call) => new URLSearchParams(call.query).get('noParent') === 'true')).toBe(true);

  // the search goes to the server; a chosen skill set keeps its name whatever the search shows
  await available.getByRole('button', { name: `Ajouter ${parent.label}`, exact: true }).click();
  await wizard.field('Rechercher parmi : Compétences disponibles').fill('zzz-nothing');
  await expect
    .poll(async () =>
      (await mock.journal({ path: '/api/category' })).some(
        (call) => new URLSearchParams(call.query).get('query') === 'zzz-nothing',
      ),
    )
    .toBe(true);
  await expect(
    wizard
      .region('Compétences sélectionnées')
      .getByRole('button', { name: `Retirer ${parent.label}`, exact: true }),
  ).toBeVisible();
});

test('an organization with skill sets is offered their services and the transversal ones', async ({
  page,
  signInAs,
  mock,
}) => {
  const { tables } = await mock.exportState<OfferState>();
  const serviceOf = new Map(tables.services.map((s) => [s.id, s]));
  const offered = (org: OfferState['tables']['organizations'][number]) =>
    tables.contractServices
      .filter((cs) => cs.contractId === 1 && !org.contractServiceIds.includes(cs.id))
      .map((cs) => serviceOf.get(cs.serviceId))
      .filter((s) => s !== undefined)
      .filter((s) => s.categoryIds.length === 0 || s.categoryIds.some((c) => org.categoryIds.includes(c)));
  const organization = tables.organizations.find(
    (o) =>
      o.contractId === 1 &&
      o.type === 'Community' &&
      o.categoryIds.length > 0 &&
      offered(o).some((s) => s.categoryIds.length === 0) &&
      offered(o).some((s) => s.categoryIds.length > 0),
  );
  if (!organization)
    throw new Error('contract 1 has an organization with skill sets and both kinds of services to add');
  const expected = offered(organization)
    .map((s) => s.label)
    .sort((a, b) => a.localeCompare(b));

  await signInAs(
    'contract-admin',
    `/gestion-territoriale/organisation-territoriale/${organization.id}#services`,
  );
  // the organization's services tab has the same add button and wizard as the contract's
  await page.getByRole('button', { name: 'Ajouter des services' }).click();
  const candidates = new Wizard(page, 'Ajouter des services').offered('Services disponibles');
  await expect(candidates.first()).toBeVisible();
  const labels = (await candidates.allTextContents()).map((text) => text.trim());
  expect([...labels].sort((a, b) => a.localeCompare(b))).toEqual(expected);
});

test("the municipality search under another contract's details uses that contract's country", async ({
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  const state = await mock.exportState<OfferState>();
  const contract = state.tables.contracts.find((c) => c.id === 2);
  if (!contract) throw new Error('the fixtures have a contract 2');
  contract.metadatas = { ...contract.metadatas, contract_country_code: 'TN' };
  await mock.importState(state);

  await signInAs('portal-admin', TerritorialAdminPage.path('Territoires', 2));
  const wizard = await admin.add('Territoires');
  await wizard.field('Rechercher une commune').fill('tun');
  await expect
    .poll(async () =>
      (await mock.journal({ path: '/api/administrative-division' })).map((c) =>
        new URLSearchParams(c.query).get('countryCode'),
      ),
    )
    .toEqual(['TN']);
});

test("a new organization takes its contract's country and may name the name it will take", async ({
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  const state = await mock.exportState<OfferState>();
  const contract = state.tables.contracts.find((c) => c.id === 2);
  if (!contract) throw new Error('the fixtures have a contract 2');
  contract.metadatas = { ...contract.metadatas, contract_country_code: 'TN' };
  await mock.importState(state);

  await signInAs('portal-admin', TerritorialAdminPage.path('Organisations', 2));
  const wizard = await admin.add('Organisations');
  await expect(wizard.field('Pays')).toHaveValue('TN');
  await wizard.field("Nom de l'organisation").fill('Syndicat des eaux de Sousse');
  await wizard.field('Nouvelle dénomination').fill('Eaux du Sahel');
  await wizard.next(4);
  await wizard.validate();
  await expect(wizard.success("L'organisation a été créée.")).toBeVisible();
  const created = (
    await mock.exportState<{
      tables: { organizations: { label: string; newOrganizationLabel: string | null }[] };
    }>()
  ).tables.organizations.find((o) => o.label === 'Syndicat des eaux de Sousse');
  expect(created?.newOrganizationLabel).toBe('Eaux du Sahel');
});
