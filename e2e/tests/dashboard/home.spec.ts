// The home dashboard: widgets per persona with the scenario's figures, preferences, saved layout,
// a failing widget beside working ones; axe.
import { WIDGETS } from '@portal/contract/constants';
import { expect, fr, shownWidgets, test } from './dashboard-fixtures.ts';

// a whole dashboard, its plots and axe: more than the default 30 s on a loaded machine
test.describe.configure({ timeout: 60_000 });

const SIGNAL = ['Signalements', 'Signalements (condensé)', 'Catégories les plus signalées'];
const DOCUMENT = ['Derniers documents', 'Notifications de documents', 'Nombre de documents'];
const ALL = [
  ...SIGNAL,
  ...DOCUMENT,
  'Hydrométrie',
  "Cycle de l'eau",
  "Conformité de l'eau",
  'Travaux',
  'État des demandes',
  'Interventions en cours',
];

const expectedByPersona: Record<string, string[]> = {
  'dashboard-all': ALL,
  'signal-agent': SIGNAL,
  'request-agent': ['État des demandes'],
  'works-planner': ['Travaux'],
  'doc-agent': DOCUMENT,
  'hydro-agent': ['Hydrométrie'],
  'opot-agent': ["Cycle de l'eau", "Conformité de l'eau"],
  'itv-agent': ['Interventions en cours'],
  'multi-contract': SIGNAL,
};

for (const [persona, expected] of Object.entries(expectedByPersona)) {
  test(`${persona} sees exactly the widgets of its roles`, async ({ signInAs, dashboard }) => {
    await signInAs(persona);
    await expect(dashboard.widgetTitles).toHaveCount(expected.length);
    expect((await dashboard.widgetTitles.allInnerTexts()).sort()).toEqual([...expected].sort());
  });
}

test('a user without a widget role sees no widget, and says why', async ({ signInAs, dashboard }) => {
  await signInAs('agent');
  await expect(dashboard.main.getByText(/Aucun widget à afficher/)).toBeVisible();
  await expect(dashboard.grid).toHaveCount(0);
});

/** The part of the mock's exported state the figures are counted from. */
interface DashboardState {
  tables: {
    contracts: { id: number; metadatas: Record<string, string> }[];
    signals: { contractId: number; status: string }[];
    requests: { contractId: number; status: string }[];
    publicWorks: { contractId: number; currentStatus: string }[];
    documents: { contractId: number }[];
    interventions: { contractId: number; status: string }[];
    waterCycles: {
      contractId: number;
      series: { produced: number; stored: number; treated: number; discharged: number }[];
    }[];
    waterConformities: {
      contractId: number;
      conformityRate: number;
      samples: number;
      nonConform: number;
      stockLevel: number;
      stockFosseMax: number;
    }[];
  };
}

/** A number as the widgets write it (French, at most `digits` decimals). */
const num = (value: number, digits = 0) =>
  new Intl.NumberFormat('fr', { maximumFractionDigits: digits }).format(value);

/** A text as a literal part of a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Counts of `items` by `key` for each of `labels` (status -> shown label), as the widgets list them. */
function countBy<T>(
  items: T[],
  key: (item: T) => string,
  labels: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(labels).map(([status, label]) => [
      label,
      num(items.filter((item) => key(item) === status).length),
    ]),
  );
}

test('the figures shown are those of the scenario state; axe passes', async ({
  signInAs,
  dashboard,
  mock,
  axe,
}) => {
  await signInAs('dashboard-all');
  const { tables } = await mock.exportState<DashboardState>();
  const contractId = 1;
  const of = <T extends { contractId: number }>(rows: T[]) =>
    rows.filter((row) => row.contractId === contractId);
  const signals = of(tables.signals);
  const requests = of(tables.requests);
  const works = of(tables.publicWorks);
  // the scenario must give every widget something to count, or the comparisons below prove little
  expect(new Set(signals.map((s) => s.status)).size).toBeGreaterThan(1);
  expect(new Set(requests.map((r) => r.status)).size).toBeGreaterThan(1);
  expect(works.length).toBeGreaterThan(0);

  // signals: the total and the count of each status
  const full = dashboard.widget('Signalements');
  await expect(dashboard.figure(full)).toHaveText(
    `${num(signals.length)} signalement${signals.length > 1 ? 's' : ''}`,
  );
  expect(await dashboard.counts(full)).toEqual(
    countBy(signals, (s) => s.status, {
      NEW: 'Nouveaux',
      IN_PROGRESS: 'En cours',
      RESOLVED: 'Résolus',
      REJECTED: 'Rejetés',
    }),
  );
  const condensed = await dashboard.counts(dashboard.widget('Signalements (condensé)'));
  expect(condensed['Signalements']).toBe(num(signals.length));
  expect(condensed['Nouveaux']).toBe(num(signals.filter((s) => s.status === 'NEW').length));

  // works and requests: each status and the total
  expect(await dashboard.counts(dashboard.widget('Travaux'))).toEqual({
    ...countBy(works, (w) => w.currentStatus, {
      PLANNED: 'Planifiés',
      IN_PROGRESS: 'En cours',
      SUSPENDED: 'Suspendus',
      DONE: 'Terminés',
      CANCELLED: 'Annulés',
    }),
    Total: num(works.length),
  });
  expect(await dashboard.counts(dashboard.widget('État des demandes'))).toEqual({
    ...countBy(requests, (r) => r.status, {
      DRAFT: 'Brouillons',
      SUBMITTED: 'Déposées',
      IN_PROGRESS: 'En cours',
      DONE: 'Traitées',
      REJECTED: 'Rejetées',
    }),
    Total: num(requests.length),
  });

  // water: the last month's four volumes; the conformity figures and the stock gauge
  const last = of(tables.waterCycles)[0]?.series.at(-1);
  if (!last) throw new Error('the scenario has no water cycle for the contract');
  const volumes = {
    Produit: num(last.produced),
    Stocké: num(last.stored),
    Traité: num(last.treated),
    Rejeté: num(last.discharged),
  };
  expect(await dashboard.counts(dashboard.widget("Cycle de l'eau"))).toEqual(volumes);
  const conformity = of(tables.waterConformities)[0];
  if (!conformity) throw new Error('the scenario has no water conformity for the contract');
  expect(await dashboard.counts(dashboard.widget("Conformité de l'eau"))).toEqual({
    'Taux de conformité': `${num(conformity.conformityRate, 1)} %`,
    Prélèvements: num(conformity.samples),
    'Non conformes': num(conformity.nonConform),
    'Niveau de stock': `${num(conformity.stockLevel)} / ${num(conformity.stockFosseMax)}`,
  });
  const gauge = dashboard.widget("Conformité de l'eau").getByRole('progressbar', { name: 'Niveau de stock' });
  await expect(gauge).toHaveAttribute('aria-valuenow', String(conformity.stockLevel));
  await expect(gauge).toHaveAttribute('aria-valuemax', String(conformity.stockFosseMax));

  // documents of the contract (the document service is called with the contract's realm)
  const documents = of(tables.documents).length;
  expect(documents).toBeGreaterThan(0);
  await expect(dashboard.widget('Nombre de documents')).toHaveText(
    new RegExp(`${num(documents)}\\s+document${documents > 1 ? 's' : ''}$`),
  );

  // ongoing interventions (status Enc), and the first three listed
  const ongoing = of(tables.interventions).filter((i) => i.status === 'Enc').length;
  expect(ongoing).toBeGreaterThan(0);
  const interventions = dashboard.widget('Interventions en cours');
  await expect(dashboard.lead(interventions)).toHaveText(
    `${num(ongoing)} intervention${ongoing > 1 ? 's' : ''} en cours`,
  );
  await expect(interventions.getByRole('listitem')).toHaveCount(Math.min(3, ongoing));

  // the plots follow the figures
  await expect(
    full.getByRole('img', {
      name: Object.entries(await dashboard.counts(full))
        .map(([label, count]) => `${label} : ${count}`)
        .join(', '),
    }),
  ).toBeVisible();
  // one line per volume
  await expect(dashboard.chartLines(dashboard.widget("Cycle de l'eau"))).toHaveCount(
    Object.keys(volumes).length,
  );
  await axe();
});

test('the top categories and the hydrometric sites are those of the mock', async ({
  signInAs,
  dashboard,
  mock,
}) => {
  await signInAs('dashboard-all');
  const top = await mock.pageAs('dashboard-all', 'signalTopCategories', {
    query: { contract: 1, length: WIDGETS.signalTopCategoryLength },
  });
  const sites = await mock.pageAs('dashboard-all', 'hydrometricSites', { query: { contract: 1 } });
  const topList = dashboard.widget('Catégories les plus signalées').getByRole('listitem');
  await expect(topList).toHaveCount(Math.min(WIDGETS.signalTopCategoryLength, top.body.length));
  await expect(topList).toHaveText(
    top.body
      .slice(0, WIDGETS.signalTopCategoryLength)
      .map((c) => new RegExp(`^${literal(c.label)}\\s*${literal(num(c.count))}$`)),
  );
  const hydro = dashboard.widget('Hydrométrie');
  await expect(hydro.getByRole('heading', { level: 3 })).toHaveCount(Math.min(2, sites.body.length));
  await expect(hydro).toContainText(sites.body[0]!.label);
  await expect(hydro.getByText(/Dernière mesure/).first()).toBeVisible();
});

test('a role given through the control API brings exactly its widgets', async ({
  page,
  signInAs,
  dashboard,
  mock,
}) => {
  await signInAs('agent');
  await expect(dashboard.main.getByText(/Aucun widget à afficher/)).toBeVisible();
  await mock.setRoles('agent', { add: ['ROLE_OPOT'] });
  // the catalogue's widgets of that role (read as the persona now gets them), and no other
  const widgets = await shownWidgets(mock, 'agent');
  expect(widgets).toEqual(expect.arrayContaining(["Conformité de l'eau", "Cycle de l'eau"]));
  await page.reload();
  await expect(dashboard.widgetTitles).toHaveCount(widgets.length);
  expect((await dashboard.widgetTitles.allInnerTexts()).sort()).toEqual([...widgets].sort());
});

test('a widget switched off in the preferences is hidden, also after a reload', async ({
  page,
  signInAs,
  dashboard,
  mock,
}) => {
  const before = await shownWidgets(mock, 'signal-agent');
  expect(before).toContain('Signalements (condensé)');
  await signInAs('signal-agent');
  await expect(dashboard.widget('Signalements (condensé)')).toBeVisible();
  const modal = await dashboard.openPreferences();
  await modal.root.getByRole('switch', { name: 'Signalements (condensé)' }).click();
  await modal.save();
  await expect(modal.alert).toHaveText('Vos préférences ont bien été enregistrées.');
  await modal.close();
  await expect(dashboard.widget('Signalements (condensé)')).toHaveCount(0);
  await page.reload();
  await expect(dashboard.widget('Signalements')).toBeVisible();
  await expect(dashboard.widget('Signalements (condensé)')).toHaveCount(0);
  // the others stay: one widget fewer than before
  await expect(dashboard.widgetTitles).toHaveCount(before.length - 1);
  expect(await shownWidgets(mock, 'signal-agent')).toEqual(
    before.filter((title) => title !== 'Signalements (condensé)'),
  );
});

test('a moved widget stays where it was put after a reload', async ({ page, signInAs, dashboard, mock }) => {
  await signInAs('signal-agent');
  const moved = dashboard.widget('Catégories les plus signalées');
  const other = dashboard.widget('Signalements');
  await expect(moved).toBeVisible();
  await expect(other).toBeVisible();
  /** A widget's place in the grid (relative to the grid's corner). */
  const place = async (widget: typeof moved) => {
    const grid = await dashboard.grid.boundingBox();
    const box = await widget.boundingBox();
    if (!grid || !box) throw new Error('not visible');
    return { x: Math.round(box.x - grid.x), y: Math.round(box.y - grid.y) };
  };
  const before = await place(moved);
  await dashboard.drag('Catégories les plus signalées', 'Signalements');
  await expect
    .poll(
      async () =>
        (await mock.journal({ path: '/api/user/portal/*/configuration**' })).filter((e) => e.method !== 'GET')
          .length,
    )
    .toBeGreaterThan(0);
  // the grid settles (its items slide into place): two reads 300 ms apart agree
  await expect.poll(async () => JSON.stringify(await place(moved))).not.toBe(JSON.stringify(before));
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify([await place(moved), await place(other)]);
        const settled = now === previous;
        previous = now;
        return settled;
      },
      { intervals: [300] },
    )
    .toBe(true);
  const after = { moved: await place(moved), other: await place(other) };

  await page.reload();
  await expect(moved).toBeVisible();
  await expect.poll(async () => ({ moved: await place(moved), other: await place(other) })).toEqual(after);
});

test('a fault on one widget call leaves the other widgets working', async ({ signInAs, dashboard, mock }) => {
  await mock.faults.add({
    method: 'GET',
    path: '/api/widget/signal/top-category',
    status: 500,
    body: { message: 'boom' },
  });
  await signInAs('signal-agent');
  const stats = await mock.pageAs('signal-agent', 'signalStats', { query: { contract: 1 } });
  await expect(dashboard.widget('Catégories les plus signalées').getByRole('alert')).toBeVisible();
  await expect(dashboard.widget('Signalements')).toContainText(`${fr(stats.body.total)} signalement`);
  await expect(dashboard.widget('Signalements (condensé)')).toContainText(fr(stats.body.total));
  // no global error redirect
  await expect(dashboard.page).toHaveURL(/\/$/);
});

test('the widget catalogue, asked by the boot script before the app loads: taken by the dashboard, and its failure warns in place with a retry that shows the widgets', async ({
  page,
  signInAs,
  dashboard,
  mock,
}) => {
  const asked = async () =>
    (await mock.journal({ method: 'GET' })).filter((entry) => entry.path === '/api/widget').length;
  await signInAs('signal-agent');
  await expect(dashboard.widgetTitles).toHaveText(SIGNAL);
  // the dashboard took the boot script's answer: asked once
  expect(await asked()).toBe(1);

  const fault = await mock.faults.add({
    method: 'GET',
    path: '/api/widget',
    status: 500,
    body: { message: 'boom' },
  });
  await page.reload();
  const warning = page.getByRole('main').getByRole('alert');
  await expect(warning).toHaveText('Une erreur est survenue lors du chargement des données.');
  await expect(dashboard.widgetTitles).toHaveCount(0);
  // the boot script's call, then the one retry of a server error
  await expect.poll(asked).toBe(3);

  await mock.faults.remove(fault.id);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(dashboard.widgetTitles).toHaveText(SIGNAL);
  await expect(warning).toHaveCount(0);
  expect(await asked()).toBe(4);
});

test('a document widget fault does not blank the document count', async ({ signInAs, dashboard, mock }) => {
  await mock.faults.add({ method: 'GET', path: '/documents/api/documents/notifications', drop: true });
  await signInAs('doc-agent');
  await expect(dashboard.widget('Notifications de documents').getByRole('alert')).toBeVisible();
  await expect(dashboard.widget('Nombre de documents')).toContainText('document');
  await expect(dashboard.widget('Derniers documents').getByRole('table')).toBeVisible();
});

test("a widget shows when the user holds its role, even when the service is granted through an organization (the real backend's shape)", async ({
  page,
  mock,
  signInAs,
  dashboard,
}) => {
  await signInAs('hydro-agent');
  await expect(dashboard.widgetTitles).toHaveText(['Hydrométrie']);
  // the same user as a backend that ties the HYDRO service to the user's organization, not to the contract
  const user = await mock.getAs('hydro-agent', 'tokenCheck');
  await mock.stubs.add({
    method: 'GET',
    path: '/api/token-check',
    persona: 'hydro-agent',
    body: { ...user, services: { HYDRO: [{ type: 'organization', id: 1 }] } },
  });
  await page.reload();
  await expect(dashboard.widgetTitles).toHaveText(['Hydrométrie']);
});

test("the grid's code dropped by the network: the oops page with its way home, which draws the widgets once the network is back", async ({
  page,
  signInAs,
}) => {
  const grid = /\/assets\/dashboard-grid-[^/]+\.js$/;
  await page.route(grid, (route) => route.abort());
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('dashboard-all', '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Oups !' })).toBeVisible();
  await expect(page.getByText(/Une erreur inattendue est survenue/)).toBeVisible();
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.unroute(grid);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('region', { name: 'Signalements', exact: true })).toBeVisible();
});
