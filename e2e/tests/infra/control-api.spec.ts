// The harness itself: each test's own partition on the mock, loaded with the default scenario,
// and the control client of the fixtures.
import { test, expect, MockClient } from '../../fixtures/index.ts';

test('each test gets its own partition, loaded and isolated from the others', async ({
  mock,
  mockUrl,
  partition,
}) => {
  expect(mock.partition).toBe(partition);
  const personas = await mock.personas();
  expect(personas.map((p) => p.id)).toEqual(
    expect.arrayContaining(['portal-admin', 'contract-admin', 'agent']),
  );

  await mock.setRoles('agent', { add: ['ROLE_SIGNAL_NOTIFY'] });
  expect((await mock.roles('agent')).roles).toContain('ROLE_SIGNAL_NOTIFY');

  const neighbour = new MockClient(mockUrl, `${partition}-neighbour`);
  await neighbour.loadScenario('default');
  expect((await neighbour.roles('agent')).roles).not.toContain('ROLE_SIGNAL_NOTIFY');
});

test('tokens are minted in the partition and the journal records the calls made with them', async ({
  mock,
  mockUrl,
  partition,
}) => {
  const { token } = await mock.token('agent');
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  expect(claims).toMatchObject({ partition, typ: 'access', email: expect.any(String) });

  await mock.clearJournal();
  const res = await fetch(`${mockUrl}/api/user/contracts?currentPage=1&itemsPerPage=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const calls = await mock.journal({ path: '/api/user/contracts' });
  expect(calls.length).toBe(1);
  expect(calls[0]).toMatchObject({ method: 'GET', status: 200, persona: 'agent' });
});

test('faults apply to this partition only, and clear', async ({ mock, mockUrl, partition }) => {
  const { token } = await mock.token('agent');
  const call = () =>
    fetch(`${mockUrl}/api/user/contracts`, { headers: { authorization: `Bearer ${token}` } });
  await mock.faults.add({
    method: 'GET',
    path: '/api/user/contracts',
    status: 503,
    body: { message: 'down' },
  });
  const faulty = await call();
  expect(faulty.status).toBe(503);
  expect(await faulty.json()).toEqual({ message: 'down' });

  const other = new MockClient(mockUrl, `${partition}-other`);
  await other.loadScenario('default');
  const otherToken = (await other.token('agent')).token;
  const fine = await fetch(`${mockUrl}/api/user/contracts`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(fine.status).toBe(200);

  await mock.faults.clear();
  expect((await call()).status).toBe(200);
});
