// The map (interventions, the intervention tab's search defaults, markers and popups), the Power BI
// workspaces and the IoT frame; axe on each.
import { expect, fr, test } from './dashboard-fixtures.ts';
import { PagedList } from '../../fixtures/index.ts';
import { EmbeddedFrame } from '../../pages/embeds.ts';
import { MapView } from '../../pages/map.ts';

test.describe.configure({ timeout: 60_000 });

/** YYYY-MM-DD in the browser's time zone (playwright.config: Europe/Paris). */
function parisDay(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
}

test('the map shows the interventions; the intervention tab applies the search defaults', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  await signInAs('itv-agent', '/cartographie');
  const all = await mock.pageAs('itv-agent', 'listInterventions', {
    query: { contract: 1, itemsPerPage: 9999 },
  });
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Cartographie' })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'intervention' })).toHaveText(
    `${fr(all.total!)} interventions`,
  );
  await expect(new PagedList(page).rows).toHaveCount(all.body.length);
  const map = new MapView(page, 'Carte des interventions');
  await expect(map.markers).toHaveCount(all.body.length);
  await expect(map.loadedTiles.first()).toBeVisible();
  // the zoom buttons and the attribution speak French, as on the other maps
  await expect(map.root.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
  await expect(map.root.getByRole('button', { name: 'Zoom arrière' })).toBeVisible();
  await expect(map.root.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  await expect(map.root.getByRole('link', { name: 'Leaflet' })).toHaveAttribute(
    'title',
    'Leaflet, une bibliothèque JavaScript de cartes interactives',
  );
  await expect(map.titled('A JavaScript library for interactive maps')).toHaveCount(0);
  await axe();

  await main.getByRole('link', { name: 'Carte des interventions' }).click();
  await expect(page).toHaveURL(/tab=interventions/);
  const search = main.getByRole('form', { name: "Recherche d'interventions" });
  await expect(search.getByLabel('Du', { exact: true })).toHaveValue(parisDay());
  await expect(search.getByLabel('Au', { exact: true })).toHaveValue(parisDay(1));
  await expect(search.getByLabel("Coupure d'eau")).toBeChecked();
  await expect(search.getByLabel('Rue fermée')).toBeChecked();
  for (const status of ['En cours', 'Planifiée', 'Réalisée'])
    await expect(search.getByLabel(status)).toBeChecked();
  const filtered = await mock.pageAs('itv-agent', 'listInterventions', {
    query: {
      contract: 1,
      itemsPerPage: 9999,
      status: 'Enc,Pla,Rea',
      startDate: parisDay(),
      endDate: parisDay(1),
      waterSupplyStopped: true,
      streetClosed: true,
    },
  });
  expect(filtered.body.length).toBeLessThan(all.body.length);
  const count = filtered.total === 0 ? 'Aucune intervention' : `${fr(filtered.total!)} intervention`;
  await expect(main.getByRole('status').filter({ hasText: 'intervention' })).toContainText(count);
  await expect(map.markers).toHaveCount(filtered.body.length);

  // widening the search: no outcome filter, no dates
  await search.getByLabel("Coupure d'eau").uncheck();
  await search.getByLabel('Rue fermée').uncheck();
  await search.getByLabel('Du', { exact: true }).fill('');
  await search.getByLabel('Au', { exact: true }).fill('');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'intervention' })).toHaveText(
    `${fr(all.total!)} interventions`,
  );
  // a marker's popup names the intervention
  await map.markers.first().click({ force: true });
  await expect(map.popup).toBeVisible();
  const popupText = await map.popupTitle.innerText();
  expect(all.body.map((i) => i.label)).toContain(popupText);
  await axe();
});

test('the map without the intervention role shows the map only', async ({ page, signInAs }) => {
  await signInAs('signal-agent', '/cartographie');
  await expect(
    page.getByRole('main').getByText("Vous n'avez pas accès aux interventions de ce contrat."),
  ).toBeVisible();
  await expect(new MapView(page, 'Carte des interventions').surface).toBeVisible();
});

test('the Power BI workspace shows the stand-in report, also after a reload; axe', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  await signInAs('bi-analyst', '/api/powerbi');
  await expect(page.getByRole('heading', { level: 1, name: 'Espace Power BI' })).toBeVisible();
  const frame = new EmbeddedFrame(page, 'Rapport').content;
  await expect(frame.getByRole('heading', { name: 'Rapport Power BI (simulation)' })).toBeVisible();
  await axe();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Espace Power BI' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Rapport Power BI (simulation)' })).toBeVisible();
  const embeds = await mock.journal({ path: '/api/power-bi/embed' });
  expect(embeds.length).toBeGreaterThan(0);
  // ROLE_VA_METABASE_REQUESTER: the reporting-tool session was requested at sign-in
  expect((await mock.journal({ path: '/api/metabase/user-token' })).length).toBeGreaterThan(0);
});

test('the trends workspace shows its report', async ({ page, signInAs, axe }) => {
  await signInAs('bi-analyst', '/api/powerbi/trends');
  await expect(page.getByRole('heading', { level: 1, name: 'Espace Tendances' })).toBeVisible();
  await expect(
    new EmbeddedFrame(page, 'Rapport').content.getByRole('heading', {
      name: 'Rapport Power BI (simulation)',
    }),
  ).toBeVisible();
  await axe();
});

test('the IoT frame lists several dashboards and opens the chosen one with the user token', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  // the dashboards the server gives the persona, one item each
  const dashboards = await mock.getAs('iot-agent', 'thingsBoardDashboards');
  expect(dashboards.length).toBeGreaterThan(1);
  await signInAs('iot-agent', '/api/thingsboard/dashboards');
  const list = page.getByRole('main').getByRole('listitem');
  await expect(list).toHaveCount(dashboards.length);
  await axe();
  await page.getByRole('button', { name: "Ouvrir Réseau d'eau potable" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Réseau d'eau potable" })).toBeVisible();
  const frame = new EmbeddedFrame(page, 'Tableau de bord');
  await expect(frame.element).toHaveAttribute('src', /token=/);
  await expect(frame.content.getByRole('heading', { name: "Réseau d'eau potable" })).toBeVisible();
  expect((await mock.journal({ path: '/api/thingsboard/user-token' })).length).toBeGreaterThan(0);
  await axe();
});

test('the IoT frame opens the single dashboard directly', async ({ page, signInAs, mock }) => {
  const state = await mock.exportState<{ thingsBoardDashboards: { id: string }[] }>();
  await mock.importState({ ...state, thingsBoardDashboards: state.thingsBoardDashboards.slice(0, 1) });
  await signInAs('iot-agent', '/api/thingsboard/dashboards');
  await expect(page.getByRole('heading', { level: 1, name: "Réseau d'eau potable" })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0);
  await expect(
    new EmbeddedFrame(page, 'Tableau de bord').content.getByRole('heading', { name: "Réseau d'eau potable" }),
  ).toBeVisible();
});

test('the Power BI token is asked again before it ends; the stand-in report stays', async ({
  page,
  signInAs,
  mock,
  mockUrl,
}) => {
  test.setTimeout(60_000);
  // a token that ends in 5 min 12 s: the portal asks for the next one about 12 s from now
  await mock.stubs.add({
    method: 'GET',
    path: '/api/power-bi/embed',
    times: 1,
    body: {
      reportId: 'rapport-court',
      embedUrl: `${mockUrl}/stand-in/powerbi/rapport-court`,
      accessToken: 'jeton-court',
      expiresAt: new Date(Date.now() + 5 * 60_000 + 12_000).toISOString(),
      btnLabel: 'Power BI',
    },
  });
  await signInAs('bi-analyst', '/api/powerbi');
  const frame = new EmbeddedFrame(page, 'Rapport').content;
  await expect(frame.getByText('rapport-court')).toBeVisible();
  expect((await mock.journal({ path: '/api/power-bi/embed' })).length).toBe(1);
  // the next token comes from the mock itself (an hour long): the report is the configured one
  await expect
    .poll(async () => (await mock.journal({ path: '/api/power-bi/embed' })).length, { timeout: 30_000 })
    .toBe(2);
  await expect(frame.getByRole('heading', { name: 'Rapport Power BI (simulation)' })).toBeVisible();
  await expect(new EmbeddedFrame(page, 'Rapport').allFrames).toHaveCount(1);
});
