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
  server = await startQuiet({ validate: 'strict' });
});
afterAll(async () => server?.close());

describe('live validation', () => {
  it('finds nothing to say, in strict mode, about the happy path of every endpoint', async () => {
    for (const def of endpointList) {
      const c = new Client(server, `lv-${def.id}`);
      const sample = samples[def.id as EndpointId];
      await c.raw('POST', '/__mock/reset');
      const setup = (await sample.setup?.(c)) ?? {};
      const answer = await send(c, def, sample, def.public ? null : happyPersona(def, sample), {
        wire: true,
        ...(setup.params ? { params: setup.params } : {}),
      });
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
    await c.as('portal-admin', 'GET', '/api/contracts');
    const [entry] = await json<ViolationEntry[]>(c, 'GET', '/__mock/journal/violations');
    expect(entry).toMatchObject({
      path: '/api/contracts',
      partition: 'lv-stub',
      rule: { kind: 'stub' },
      violation: { endpoint: 'listContracts' },
    });
    expect(await json(c, 'GET', '/__mock/validation')).toEqual({
      enabled: true,
      strict: true,
      violations: 1,
    });
    expect(await json(c, 'PUT', '/__mock/validation', { enabled: false })).toMatchObject({ enabled: false });
    await c.as('portal-admin', 'GET', '/api/contracts');
    expect(await json<unknown[]>(c, 'GET', '/__mock/journal/violations')).toHaveLength(1);
    await json(c, 'PUT', '/__mock/validation', { enabled: true });
  });
});

/** The violations recorded in a client's partition. */
const violations = (c: Client) => json<ViolationEntry[]>(c, 'GET', '/__mock/journal/violations');

describe('strict validation', () => {
  const site = samples.siteIndicatorValues;
  const reader =
    happyPersona(
      endpointList.find((e) => e.id === 'siteIndicatorValues')!,
      site,
    ) ?? '';
  const indicatorPath = (query: string) =>
    `/api/industrial-site/${String(site.params?.siteId)}/indicator-value?${query}`;
  const dates = 'aggregateType=DAY&startDate=2026-06-01&endDate=2026-06-10';

  it('refuses a comma-joined list where the spec writes name[], naming the call and the spec line', async () => {
    const c = new Client(server, 'strict-wire');
    expect(
      (await c.as(reader, 'GET', indicatorPath(`typeCodes[]=FLOW_IN&typeCodes[]=PH&${dates}`))).status,
    ).toBe(200);
    expect(await violations(c)).toEqual([]);
    await c.as(reader, 'GET', indicatorPath(`typeCodes=FLOW_IN,PH&${dates}`));
    const [entry] = await violations(c);
    expect(entry?.violation).toEqual({
      endpoint: 'siteIndicatorValues',
      spec: 'portal.md:225',
      problems: [
        'request query typeCodes: sent comma-joined as typeCodes=…; the contract declares typeCodes[]=a&typeCodes[]=b repeated',
      ],
    });
  });

  it('refuses an unknown parameter and a missing required one', async () => {
    const c = new Client(server, 'strict-params');
    await c.as(reader, 'GET', indicatorPath('aggregateType=DAY&colour=red'));
    const [entry] = await violations(c);
    expect(entry?.violation.problems[0]).toBe('request query colour: not in the contract');
    expect(entry?.violation.problems[1]).toMatch(/^request query startDate: /);
  });

  it('holds what Prism holds: extra fields, a wrong status, a bad header, an error body', async () => {
    const c = new Client(server, 'strict-prism');
    const contract = (await c.as('portal-admin', 'GET', '/api/contract/1')).body as Record<string, unknown>;
    const stubs: [Record<string, unknown>, string][] = [
      [
        { path: '/api/contract/1', body: { ...contract, colour: 'red' } },
        'answer body colour: not in the contract',
      ],
      [{ path: '/api/contract/1', status: 201, body: contract }, 'answer status: expected 200, got 201'],
      [
        { path: '/api/contract/1', body: contract, responseHeaders: { 'content-type': 'text/plain' } },
        'answer header content-type: expected application/json, got "text/plain; charset=utf-8"',
      ],
      [{ path: '/api/contract/1', status: 404, body: { error: 'gone' } }, 'answer body message: '],
    ];
    for (const [stub, problem] of stubs) {
      await c.raw('DELETE', '/__mock/stubs');
      await c.raw('DELETE', '/__mock/journal');
      await json(c, 'POST', '/__mock/stubs', stub);
      await c.as('portal-admin', 'GET', '/api/contract/1');
      const [entry] = await violations(c);
      expect(entry?.violation.problems.join('\n'), JSON.stringify(stub)).toContain(problem);
    }
  });

  it('belongs to a partition: switching it off in one leaves the others as they were', async () => {
    const mine = new Client(server, 'strict-mine');
    const theirs = new Client(server, 'strict-theirs');
    await json(mine, 'PUT', '/__mock/validation', { enabled: false });
    expect(await json(theirs, 'GET', '/__mock/validation')).toEqual({
      enabled: true,
      strict: true,
      violations: 0,
    });
    await mine.as('portal-admin', 'GET', '/api/contracts?colour=red');
    await theirs.as('portal-admin', 'GET', '/api/contracts?colour=red');
    expect(await violations(mine)).toEqual([]);
    expect(await violations(theirs)).toHaveLength(1);
    expect(await json(mine, 'PUT', '/__mock/validation', { enabled: true, strict: false })).toEqual({
      enabled: true,
      strict: false,
      violations: 0,
    });
    await mine.as(reader, 'GET', indicatorPath(`typeCodes=FLOW_IN,PH&${dates}`));
    expect(await violations(mine)).toEqual([]);
  });

  it('reads no call the contract refuses for want of a token', async () => {
    const c = new Client(server, 'strict-anonymous');
    expect((await c.raw('GET', '/api/contracts?colour=red')).status).toBe(401);
    expect(await violations(c)).toEqual([]);
  });

  it('survives an answer with 150,000 differences: bounded lines, the mock answers on', async () => {
    const c = new Client(server, 'strict-huge');
    const body = Array.from({ length: 150_000 }, (_, i) => ({ id: `x${i}`, extra: i }));
    await json(c, 'POST', '/__mock/stubs', { path: '/api/contracts', body });
    expect((await c.as('portal-admin', 'GET', '/api/contracts')).status).toBe(200);
    const [entry] = await violations(c);
    expect(entry?.violation.problems).toHaveLength(6);
    expect(entry?.violation.problems.at(-1)).toMatch(
      /^\(and \d+ more; answer body items \d+ to 149999 not checked\)$/,
    );
    expect((await c.raw('GET', '/__mock/health')).status).toBe(200);
  }, 30_000);
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
