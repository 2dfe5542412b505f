// The home dashboard: widgets per persona with the scenario's figures, preferences, saved layout,
// a failing widget beside working ones; axe.
import { api, expect, fr, test } from './dashboard-fixtures.ts';

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

test('the figures match the scenario data; axe passes', async ({ signInAs, dashboard, mockUrl, axe }) => {
  const { token } = await signInAs('dashboard-all');
  const signals = await api<{ total: number; byStatus: { status: string; count: number }[] }>(mockUrl, token, '/api/widget/signal/stats?contract=1');
  const top = await api<{ label: string; count: number }[]>(mockUrl, token, '/api/widget/signal/top-category?contract=1&length=5');
  const requests = await api<{ byStatus: { count: number }[] }>(mockUrl, token, '/api/widget/request/stats?contract=1');
  const conformity = await api<{ samples: number; stockLevel: number; stockFosseMax: number }>(mockUrl, token, '/api/widget/water-conformity?contract=1');
  const ongoing = await api<unknown[]>(mockUrl, token, '/api/interventions?contract=1&status=Enc&itemsPerPage=3');
  const count = await api<{ count: number }>(mockUrl, token, '/documents/api/documents/count?idp=dijon-metropole');
  const sites = await api<{ label: string }[]>(mockUrl, token, '/api/hydrometry/site?contract=1');

  const full = dashboard.widget('Signalements');
  await expect(full).toContainText(`${fr(signals.body.total)} signalement`);
  for (const status of signals.body.byStatus) {
    expect(status.count).toBeGreaterThanOrEqual(0);
  }
  const topList = dashboard.widget('Catégories les plus signalées').getByRole('listitem');
  await expect(topList).toHaveCount(Math.min(5, top.body.length));
  await expect(topList.first()).toContainText(top.body[0]!.label);
  await expect(topList.first()).toContainText(fr(top.body[0]!.count));

  const requestTotal = requests.body.byStatus.reduce((sum, s) => sum + s.count, 0);
  await expect(dashboard.widget('État des demandes').getByRole('definition').last()).toHaveText(fr(requestTotal));
  await expect(dashboard.widget("Conformité de l'eau")).toContainText(fr(conformity.body.samples));
  await expect(dashboard.widget("Conformité de l'eau").getByRole('progressbar', { name: 'Niveau de stock' })).toHaveAttribute(
    'aria-valuemax',
    String(conformity.body.stockFosseMax),
  );
  await expect(dashboard.widget('Interventions en cours')).toContainText(`${fr(ongoing.total ?? 0)} intervention`);
  await expect(dashboard.widget('Nombre de documents')).toContainText(`${fr(count.body.count)} document`);
  const hydro = dashboard.widget('Hydrométrie');
  await expect(hydro.getByRole('heading', { level: 3 })).toHaveCount(Math.min(2, sites.body.length));
  await expect(hydro).toContainText(sites.body[0]!.label);
  await expect(hydro.getByText(/Dernière mesure/).first()).toBeVisible();
  // the plots follow the figures
  await expect(dashboard.widget('Signalements').locator('.widget-chart .chart-bar').first()).toBeVisible();
  await expect(dashboard.widget("Cycle de l'eau").locator('.widget-chart .chart-line-path')).toHaveCount(4);
  await axe();
});

test('a widget switched off in the preferences is hidden, also after a reload', async ({ page, signInAs, dashboard }) => {
  await signInAs('signal-agent');
  await expect(dashboard.widget('Signalements (condensé)')).toBeVisible();
  const modal = await dashboard.openPreferences();
  await modal.getByRole('switch', { name: 'Signalements (condensé)' }).click();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Vos préférences ont bien été enregistrées.');
  await modal.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(dashboard.widget('Signalements (condensé)')).toHaveCount(0);
  await page.reload();
  await expect(dashboard.widget('Signalements')).toBeVisible();
  await expect(dashboard.widget('Signalements (condensé)')).toHaveCount(0);
  await expect(dashboard.widgetTitles).toHaveCount(2);
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
    .poll(async () => (await mock.journal({ path: '/api/user/portal/*/configuration**' })).filter((e) => e.method !== 'GET').length)
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

test('a fault on one widget call leaves the other widgets working', async ({ signInAs, dashboard, mock, mockUrl }) => {
  await mock.faults.add({ method: 'GET', path: '/api/widget/signal/top-category', status: 500, body: { message: 'boom' } });
  const { token } = await signInAs('signal-agent');
  const stats = await api<{ total: number }>(mockUrl, token, '/api/widget/signal/stats?contract=1');
  await expect(dashboard.widget('Catégories les plus signalées').getByRole('alert')).toBeVisible();
  await expect(dashboard.widget('Signalements')).toContainText(`${fr(stats.body.total)} signalement`);
  await expect(dashboard.widget('Signalements (condensé)')).toContainText(fr(stats.body.total));
  // no global error redirect
  await expect(dashboard.page).toHaveURL(/\/$/);
});

test('a document widget fault does not blank the document count', async ({ signInAs, dashboard, mock }) => {
  await mock.faults.add({ method: 'GET', path: '/documents/api/documents/notifications', drop: true });
  await signInAs('doc-agent');
  await expect(dashboard.widget('Notifications de documents').getByRole('alert')).toBeVisible();
  await expect(dashboard.widget('Nombre de documents')).toContainText('document');
  await expect(dashboard.widget('Derniers documents').getByRole('table')).toBeVisible();
});
