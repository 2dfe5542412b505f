/**
 * A run partition: the stubs, faults and latency of a partition reach the partitions of the tests
 * that join it (a scenario load with `?run=`), after their own rules, and its journal gets their
 * calls. A partition named by the CLI must exist (a typo is refused, not made).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

const ORGS = '/api/contract/1/organization';

describe('run partitions', () => {
  it("a test's partition answers by its run's rules after its own, and the run's journal gets its calls", async () => {
    const run = new Client(server, 'qa-run');
    await run.raw('POST', '/__mock/scenarios/default');
    const stub = await run.raw('POST', '/__mock/stubs', {
      body: { method: 'GET', path: '/api/contract/*/organization', body: [{ id: 99, name: 'Stubbed' }] },
    });
    expect(stub.status, stub.text).toBe(201);
    const fault = await run.raw('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/api/contract/*/user/role', sequence: [503, 201] },
    });
    expect(fault.status, fault.text).toBe(201);

    const test = new Client(server, 'r1-w0-test');
    const joined = await test.raw('POST', '/__mock/scenarios/default?run=qa-run');
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.run).toBe('qa-run');
    const orgs = await test.as('contract-admin', 'GET', ORGS);
    expect(orgs.body).toEqual([{ id: 99, name: 'Stubbed' }]);

    // its own rule wins over the run's
    await test.raw('POST', '/__mock/stubs', { body: { method: 'GET', path: ORGS, body: [] } });
    expect((await test.as('contract-admin', 'GET', ORGS)).body).toEqual([]);

    const invite = [{ organizations: [], users: [{ email: 'run.test@example.fr', roles: ['ROLE_USER'] }] }];
    const first = await test.as('contract-admin', 'POST', '/api/contract/1/user/role', invite);
    const second = await test.as('contract-admin', 'POST', '/api/contract/1/user/role', invite);
    expect([first.status, second.status]).toEqual([503, 201]);

    // the run's rules counted the hits; its journal has the calls, naming the test's partition
    const faults = await run.raw('GET', '/__mock/faults');
    expect(faults.body[0].hits).toBe(2);
    const verdict = await run.raw('POST', '/__mock/journal/verify', {
      body: { match: { method: 'POST', path: '/api/contract/*/user/role' }, exactly: 2 },
    });
    expect(verdict.body.ok, verdict.text).toBe(true);
    expect(verdict.body.calls.map((c: { from?: string }) => c.from)).toEqual(['r1-w0-test', 'r1-w0-test']);
    // and the test's own journal keeps its calls as before
    const own = await test.raw('GET', '/__mock/journal?method=POST');
    expect(own.body).toHaveLength(2);
    expect(own.body[0].from).toBeUndefined();
  });

  it('a partition that joins no run, or leaves it, keeps to its own rules', async () => {
    const run = new Client(server, 'qa-run-2');
    await run.raw('POST', '/__mock/scenarios/default');
    await run.raw('POST', '/__mock/stubs', { body: { method: 'GET', path: ORGS, body: [{ id: 1 }] } });
    const alone = new Client(server, 'alone');
    await alone.raw('POST', '/__mock/scenarios/default');
    const theirs = await alone.as('contract-admin', 'GET', ORGS);
    expect(theirs.body).not.toEqual([{ id: 1 }]);
    await alone.raw('POST', '/__mock/scenarios/default?run=qa-run-2');
    expect((await alone.as('contract-admin', 'GET', ORGS)).body).toEqual([{ id: 1 }]);
    await alone.raw('POST', '/__mock/scenarios/default');
    expect((await alone.as('contract-admin', 'GET', ORGS)).body).not.toEqual([{ id: 1 }]);
  });

  it('a run partition that does not exist, or the partition itself, is refused', async () => {
    const test = new Client(server, 'r2-w0-test');
    const missing = await test.raw('POST', '/__mock/scenarios/default?run=no-such-run');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('no-such-run');
    const self = await test.raw('POST', '/__mock/scenarios/default?run=r2-w0-test');
    expect(self.status).toBe(400);
  });

  it('a call that asks for an existing partition is refused for an unknown one, which is not made', async () => {
    const typo = new Client(server, 'qa-typo');
    const refused = await typo.raw('GET', '/__mock/stubs', { headers: { 'x-mock-existing-partition': '1' } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain('No partition "qa-typo"');
    const names = (await new Client(server).raw('GET', '/__mock/partitions')).body.map(
      (p: { name: string }) => p.name,
    );
    expect(names).not.toContain('qa-typo');
  });
});
