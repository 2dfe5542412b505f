/**
 * Live validation (MOCK_VALIDATE / PUT /__mock/validation) and stub sets (POST /__mock/stubs/import,
 * GET /__mock/stubs/export): the mock's own answers to the happy path of every endpoint raise no
 * violation, a lying stub does, and a list of stubs is added all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@portal/contract/endpoints';
import type { EndpointId } from '@portal/contract';
import type { ViolationEntry } from '../control-api/schemas.ts';
import { buildScenario } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';
import { buildSamples, happyPersona, send } from './samples.ts';

let server: RunningMockServer;

/** A control call's parsed JSON answer. */
async function json<T = unknown>(c: Client, method: string, path: string, body?: unknown): Promise<T> {
  return (await c.raw(method, path, body === undefined ? {} : { body })).body as T;
}
const samples = buildSamples(buildScenario('default', 42, { today: '2026-06-15' }));

beforeAll(async () => {
  server = await startQuiet({ validate: true });
});
afterAll(async () => server?.close());

describe('live validation', () => {
  it('finds nothing to say about the happy path of every endpoint', async () => {
    for (const def of endpointList) {
      const c = new Client(server, `lv-${def.id}`);
      const sample = samples[def.id as EndpointId];
      await c.raw('POST', '/__mock/reset');
      const setup = (await sample.setup?.(c)) ?? {};
      const answer = await send(
        c,
        def,
        sample,
        def.public ? null : happyPersona(def, sample),
        setup.params ? { params: setup.params } : {},
      );
      expect(answer.status, `${def.id}: ${answer.text}`).toBe(def.status);
    }
    const found = await json<ViolationEntry[]>(
      new Client(server),
      'GET',
      '/__mock/journal/violations?all=true',
    );
    expect(found.map((e) => `${e.method} ${e.path}: ${e.violation.problems.join('; ')}`)).toEqual([]);
  });

  it('marks a stub that breaks the response schema, and can be turned off', async () => {
    const c = new Client(server, 'lv-stub');
    await json(c, 'POST', '/__mock/stubs', { path: '/api/contracts', body: { not: 'a list' } });
    await c.raw('GET', '/api/contracts');
    const [entry] = await json<ViolationEntry[]>(c, 'GET', '/__mock/journal/violations');
    expect(entry).toMatchObject({
      path: '/api/contracts',
      partition: 'lv-stub',
      rule: { kind: 'stub' },
      violation: { endpoint: 'listContracts' },
    });
    expect(await json(c, 'GET', '/__mock/validation')).toEqual({ enabled: true, violations: 1 });
    expect(await json(c, 'PUT', '/__mock/validation', { enabled: false })).toMatchObject({ enabled: false });
    await c.raw('GET', '/api/contracts');
    expect(await json<unknown[]>(c, 'GET', '/__mock/journal/violations')).toHaveLength(1);
    await json(c, 'PUT', '/__mock/validation', { enabled: true });
  });
});

describe('stub sets', () => {
  it('adds a list all or nothing, naming the element refused, and exports what it reads back', async () => {
    const c = new Client(server, 'lv-sets');
    const refused = await c.raw('POST', '/__mock/stubs/import', {
      body: [{ path: '/api/contracts' }, { path: '/api/skill', times: 2, sequence: [503] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Invalid stub 2 of 2 (stubs[1]): times: a sequence sets its own count; nothing was added',
    );
    expect(refused.body.errors).toEqual([
      { path: 'stubs[1].times', message: 'a sequence sets its own count' },
    ]);
    expect(await json<unknown[]>(c, 'GET', '/__mock/stubs')).toEqual([]);

    const set = [
      { method: 'GET', path: '/api/contracts', priority: 5, status: 200, body: [] },
      { method: '*', path: '/api/skill', priority: 1, sequence: [503, 200] },
    ];
    const added = await json<{ warnings: string[] }[]>(c, 'POST', '/__mock/stubs/import', set);
    expect(added).toHaveLength(2);
    expect(await json(c, 'GET', '/__mock/stubs/export')).toEqual(set);
  });
});
