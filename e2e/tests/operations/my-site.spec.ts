// The industrial-site view (/mon-site, fragments #indicateurs and #details): the indicator charts
// and the scenario's photos for the site user, an end before the start refused, and the refusal of
// a persona without ROLE_INDUSTRIAL_SITE (route and calls).
import { test, expect, type MockClient } from '../../fixtures/index.ts';
import { chartDots, chartLines } from '../../pages/charts.ts';

/**
 * How many values each chart draws, in the charts' order: the screen's last call for the indicator
 * values (one with this aggregate) asked again as the site user, grouped by indicator type as the
 * screen groups them. The figures follow the scenario and the day the test runs.
 */
async function valuesPerChart(mock: MockClient, aggregateType: string): Promise<number[]> {
  const asked = async () =>
    (
      await mock.journal({ method: 'GET', path: '/api/industrial-site/*/indicator-value', status: 200 })
    ).filter((call) => new URLSearchParams(call.query).get('aggregateType') === aggregateType);
  await expect.poll(async () => (await asked()).length).toBeGreaterThan(0);
  const call = (await asked()).at(-1)!;
  const siteId = /^\/api\/industrial-site\/(\d+)\/indicator-value$/.exec(call.path)?.[1] ?? '';
  const sent = new URLSearchParams(call.query);
  const values = await mock.getAs('site-user', 'siteIndicatorValues', {
    params: { siteId },
    query: {
      ...Object.fromEntries([...sent].filter(([name]) => name !== 'typeCodes[]')),
      typeCodes: sent.getAll('typeCodes[]'),
    },
  });
  const groups = new Map<string, number>();
  for (const v of values) groups.set(v.typeCode, (groups.get(v.typeCode) ?? 0) + 1);
  return [...groups.values()];
}

test('the site user sees the indicator charts and the photos of the scenario', async ({
  page,
  signInAs,
  mock,
  mockUrl,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const { token } = await mock.token('site-user');
  const headers = { Authorization: `Bearer ${token}` };
  const site = (await (
    await request.get(`${mockUrl}/api/user/industrial-site?contractId=1`, { headers })
  ).json()) as {
    id: number;
    name: string;
    photos: { fileName: string }[];
    contacts: { firstName: string; lastName: string }[];
  };
  expect(site.photos.length).toBeGreaterThan(1);

  await signInAs('site-user', '/mon-site');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
  const indicators = page.getByRole('region', { name: 'Indicateurs' });
  const charts = indicators.getByRole('img', { name: /^Graphique : / });
  await expect(charts.first()).toBeVisible();
  // drawn in SVG (web/src/components/charts): a line with one point per day
  await expect(chartLines(charts.first())).toBeVisible();
  const perChart = await valuesPerChart(mock, 'DAY');
  expect(perChart.length).toBeGreaterThan(0);
  await expect(charts).toHaveCount(perChart.length);
  for (const [index, count] of perChart.entries()) {
    expect(count, 'a line needs points').toBeGreaterThan(1);
    await expect(chartDots(charts.nth(index))).toHaveCount(count);
  }
  await expect(indicators.getByText(/^\d+ valeurs du /)).toHaveText(
    perChart.map((count) => new RegExp(`^${count} valeurs du `)),
  );
  await axe();

  // the details fragment: the photos (binary endpoint, 360 px high), the contacts
  await page.getByRole('link', { name: 'Détails du site' }).click();
  await expect(page).toHaveURL(/#details$/);
  const details = page.getByRole('region', { name: 'Détails du site' });
  const first = details.getByRole('img', {
    name: `Photo 1 sur ${site.photos.length} : ${site.photos[0]!.fileName}`,
  });
  await expect(first).toBeVisible();
  await expect(first).toHaveJSProperty('complete', true);
  expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect((await first.boundingBox())?.height).toBe(360);
  await details.getByRole('button', { name: 'Photo suivante' }).click();
  await expect(
    details.getByRole('img', { name: `Photo 2 sur ${site.photos.length} : ${site.photos[1]!.fileName}` }),
  ).toBeVisible();
  const contacts = details.getByRole('table', { name: 'Contacts' });
  for (const c of site.contacts)
    await expect(contacts.getByRole('cell', { name: `${c.firstName} ${c.lastName}` })).toBeVisible();
  await axe();
});

test('the indicators narrow to one type and aggregate, and an end before the start is refused', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  test.setTimeout(90_000);
  await signInAs('site-user', '/mon-site#indicateurs');
  const indicators = page.getByRole('region', { name: 'Indicateurs' });
  const charts = indicators.getByRole('img', { name: /^Graphique : / });
  await expect(charts.first()).toBeVisible();
  const label = ((await charts.first().getAttribute('aria-label')) ?? '').replace('Graphique : ', '');
  // the choice lives in the URL: the box shows it once the address has changed
  await indicators.getByRole('checkbox', { name: label, exact: true }).click();
  await expect(indicators.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  await expect(charts).toHaveCount(1);
  await expect(charts).toHaveAccessibleName(`Graphique : ${label}`);
  await indicators.getByLabel('Agrégation').selectOption({ label: 'Par semaine' });
  await expect(page).toHaveURL(/aggregate=WEEK/);
  await expect(page).toHaveURL(/#indicateurs$/);
  const [weeks] = await valuesPerChart(mock, 'WEEK');
  await expect(indicators.getByText(/^\d+ valeurs du /)).toHaveText(new RegExp(`^${weeks} valeurs du `));

  await indicators.getByLabel('Au').fill('2020-01-01');
  await expect(indicators.getByRole('alert')).toHaveText(
    'La date de fin ne peut pas précéder la date de début.',
  );
  await expect(charts).toHaveCount(0);
  await axe();
});
