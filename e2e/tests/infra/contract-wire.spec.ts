// The portal's traffic held against the contract: every test's partition validates strictly (the
// harness, fixtures/index.ts), so a call in a form the contract does not declare fails the test
// that made it, naming the call and the line of the spec. Here: the indicator call sends the
// spec's `typeCodes[]` repeated, and a comma-joined one is caught.
import { test, expect } from '../../fixtures/index.ts';
import { violationText } from '../../fixtures/mock-client.ts';

test('the indicator call carries typeCodes[]=…&typeCodes[]=…, as portal.md writes it', async ({
  page,
  signInAs,
  mock,
}) => {
  test.setTimeout(90_000);
  await signInAs('site-user', '/mon-site#indicateurs');
  const indicators = page.getByRole('region', { name: 'Indicateurs' });
  const charts = indicators.getByRole('img', { name: /^Graphique : / });
  await expect(charts.nth(1)).toBeVisible();
  const labels = await Promise.all(
    [0, 1].map(async (n) =>
      ((await charts.nth(n).getAttribute('aria-label')) ?? '').replace('Graphique : ', ''),
    ),
  );
  for (const label of labels) {
    await indicators.getByRole('checkbox', { name: label, exact: true }).click();
    await expect(indicators.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  }
  await expect(charts).toHaveCount(2);
  const sent = async () =>
    (await mock.journal({ method: 'GET', path: '/api/industrial-site/*/indicator-value' }))
      .map((call) => new URLSearchParams(call.query))
      .filter((query) => query.getAll('typeCodes[]').length === 2);
  await expect.poll(async () => (await sent()).length).toBeGreaterThan(0);
  const [query] = await sent();
  expect(query?.has('typeCodes')).toBe(false);
  expect(await mock.violations()).toEqual([]);
});

test('a call that breaks the contract fails the test, naming the call and the spec line', async ({
  mock,
  mockUrl,
}) => {
  // the harness fails this test after its body: the failure is the point
  test.fail();
  const { token } = await mock.token('site-user');
  const site = (await (
    await fetch(`${mockUrl}/api/user/industrial-site?contractId=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { id: number };
  const answer = await fetch(
    `${mockUrl}/api/industrial-site/${site.id}/indicator-value?typeCodes=FLOW_IN,PH&aggregateType=DAY&startDate=2026-01-01`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  // the mock still answers (it reads both forms); the check is live validation's
  expect(answer.status).toBe(200);
  const [found] = await mock.violations();
  expect(found && violationText(found)).toContain(
    '(siteIndicatorValues, portal.md:225): request query typeCodes: sent comma-joined as typeCodes=…; the contract declares typeCodes[]=a&typeCodes[]=b repeated',
  );
});
