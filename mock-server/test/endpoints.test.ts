/**
 * Table-driven tests over every endpoint of the contract: happy path (status and response shape),
 * 401 without a token, 403 for a persona without the right (and for a contract admin of another
 * contract), 400 for each kind of bad input it takes, with the state unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@portal/contract/endpoints';
import { granted } from '@portal/contract/permissions';
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import type { EndpointId } from '@portal/contract';
import { buildScenario, type State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { handlers } from '../src/routes/index.ts';
import { Client, startQuiet } from './helpers.ts';
import {
  buildSamples,
  forbiddenPersona,
  happyPersona,
  pathOf,
  queryString,
  rolesOf,
  send,
  type Sample,
} from './samples.ts';

let server: RunningMockServer;
// the same scenario as the server's (same seed and day): the samples are known before the tests are defined
const state: State = buildScenario('default', 42, { today: '2026-06-15' });
const samples: Record<EndpointId, Sample> = buildSamples(state);

beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

function firstFailing(candidates: unknown[], accept: (value: unknown) => boolean): unknown {
  return candidates.find((value) => !accept(value));
}

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'yes-please';
  if (Array.isArray(value)) return 'not-a-list';
  if (value && typeof value === 'object') return 'not-an-object';
  return { unexpected: true };
}

const everyEndpoint = endpointList.map((def) => [def.id, def] as const);

describe('the endpoint table', () => {
  it('has a handler for every entry', () => {
    const missing = endpointList
      .filter((def) => typeof handlers[def.id as EndpointId] !== 'function')
      .map((d) => d.id);
    expect(missing).toEqual([]);
  });

  it('has a sample call for every entry (so every entry is tested below)', () => {
    const missing = endpointList.filter((def) => !samples[def.id as EndpointId]).map((d) => d.id);
    expect(missing).toEqual([]);
  });
});

describe.each(everyEndpoint)('%s', (id, def) => {
  const client = () => new Client(server, `ep-${id}`);
  const sample = () => samples[id as EndpointId];

  it('answers the happy path with the documented status and shape', async () => {
    const c = client();
    await c.raw('POST', '/__mock/reset');
    const setup = (await sample().setup?.(c)) ?? {};
    const answer = await send(
      c,
      def,
      sample(),
      def.public ? null : happyPersona(def, sample()),
      setup.params ? { params: setup.params } : {},
    );
    expect(answer.status, answer.text).toBe(def.status);
    if (def.binary) {
      expect(answer.headers.get('content-type')).toMatch(/^image\//);
      return;
    }
    if (def.status === 204) {
      expect(answer.text).toBe('');
      return;
    }
    const parsed = def.response.safeParse(answer.body);
    expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
    if (def.paginated) {
      for (const header of Object.values(PAGINATION_HEADERS))
        expect(answer.headers.get(header), header).toMatch(/^\d+$/);
      expect(Number(answer.headers.get(PAGINATION_HEADERS.totalCount))).toBeGreaterThanOrEqual(
        (answer.body as unknown[]).length,
      );
    }
  });

  if (!def.public)
    it('answers 401 without a token, and with a forged one', async () => {
      const c = client();
      const none = await send(c, def, sample(), null);
      expect(none.status).toBe(401);
      expect(none.body.message).toMatch(/token/i);
      const forged = await c.raw(def.method, pathOf(def, sample().params) + queryString(sample().query), {
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad',
      });
      expect(forged.status).toBe(401);
    });

  const refused = forbiddenPersona(def, samples[id as EndpointId]);
  // refused === null: any signed-in user may call it, or it is the caller's own data
  if (refused !== null)
    it(`answers 403 to ${refused} (without the right), state unchanged`, async () => {
      const persona = refused;
      const c = client();
      await c.raw('POST', '/__mock/reset');
      const before = await c.stateText();
      const answer = await send(c, def, sample(), persona);
      expect(answer.status, `${persona}: ${answer.text}`).toBe(403);
      expect(typeof answer.body.message).toBe('string');
      expect(await c.stateText()).toBe(before);
    });

  const otherContract =
    !def.public &&
    def.scope !== undefined &&
    def.scope.kind !== 'self' &&
    def.id !== 'getUser' &&
    granted({ roles: rolesOf('contract-admin-2') }, def.roles) &&
    happyPersona(def, samples[id as EndpointId]) === 'contract-admin';
  if (otherContract)
    it('answers 403 to the contract super admin of another contract', async () => {
      const c = client();
      const answer = await send(c, def, sample(), 'contract-admin-2');
      expect(answer.status, answer.text).toBe(403);
    });

  const pathNames = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);
  if (pathNames.length)
    it('answers 400 to a bad path parameter, state unchanged', async () => {
      const names = pathNames;
      let tested = 0;
      const c = client();
      await c.raw('POST', '/__mock/reset');
      const before = await c.stateText();
      for (const name of names) {
        const bad = firstFailing(
          ['abc', '0', '-1', 'x'.repeat(300), 'a b'],
          (value) => def.params.safeParse({ ...sample().params, [name]: value }).success,
        );
        if (bad === undefined) continue;
        const answer = await send(c, def, sample(), def.public ? null : happyPersona(def, sample()), {
          params: { ...sample().params, [name]: bad as string },
        });
        expect(answer.status, `${name}=${String(bad).slice(0, 20)}: ${answer.text}`).toBe(400);
        expect(answer.body.errors?.[0]?.path).toBe(name);
        tested++;
      }
      expect(tested).toBeGreaterThan(0);
      expect(await c.stateText()).toBe(before);
    });

  const queryKeys = Object.keys((def.query as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  if (queryKeys.length)
    it('answers 400 to a bad query parameter, state unchanged', async () => {
      const keys = queryKeys;
      const c = client();
      await c.raw('POST', '/__mock/reset');
      const before = await c.stateText();
      let tested = 0;
      for (const key of keys) {
        const base = { ...(sample().query ?? {}) } as Record<string, unknown>;
        const bad = firstFailing(
          ['abc', '-5', 'x'.repeat(300), '2026-13-45T', '0'],
          (value) => def.query.safeParse({ ...base, [key]: value }).success,
        );
        if (bad === undefined) continue;
        const answer = await send(c, def, sample(), def.public ? null : happyPersona(def, sample()), {
          query: { ...(sample().query ?? {}), [key]: bad as string },
        });
        expect(answer.status, `${key}=${String(bad).slice(0, 20)}: ${answer.text}`).toBe(400);
        expect(answer.body.errors?.[0]?.path).toMatch(new RegExp(`^${key}([.]|$)`));
        tested++;
      }
      // required query parameters: missing gives 400 too
      for (const key of keys) {
        const base = { ...(sample().query ?? {}) } as Record<string, unknown>;
        delete base[key];
        if (def.query.safeParse(base).success) continue;
        const answer = await send(c, def, sample(), def.public ? null : happyPersona(def, sample()), {
          query: base as Sample['query'],
        });
        expect(answer.status, `missing ${key}: ${answer.text}`).toBe(400);
        tested++;
      }
      expect(await c.stateText()).toBe(before);
      expect(tested).toBeGreaterThan(0);
    });

  if (def.body)
    it('answers 400 to a missing body and to a field of the wrong type, state unchanged', async () => {
      const c = client();
      await c.raw('POST', '/__mock/reset');
      const before = await c.stateText();
      const persona = def.public ? null : happyPersona(def, sample());
      const schema = def.body!;
      if (!schema.safeParse(undefined).success) {
        const missing = await send(c, def, sample(), persona, { noBody: true });
        expect(missing.status, missing.text).toBe(400);
        expect(missing.body.message).toMatch(/body/i);
      }
      const given =
        typeof sample().body === 'function'
          ? await (sample().body as (c: Client) => Promise<unknown>)(c)
          : sample().body;
      const target = Array.isArray(given)
        ? (given[0] as Record<string, unknown>)
        : (given as Record<string, unknown>);
      let wrongTested = false;
      for (const key of Object.keys(target ?? {})) {
        const broken = Array.isArray(given)
          ? [{ ...target, [key]: wrongType(target[key]) }]
          : { ...target, [key]: wrongType(target[key]) };
        if (schema.safeParse(broken).success) continue;
        const answer = await send(c, def, sample(), persona, { body: broken });
        expect(answer.status, `${key}: ${answer.text}`).toBe(400);
        expect(answer.body.errors?.length).toBeGreaterThan(0);
        wrongTested = true;
        break;
      }
      expect(wrongTested).toBe(true);
      expect(await c.stateText()).toBe(before);
    });

  if (def.upload)
    it('refuses an upload without a file (400) and of a wrong type (415), state unchanged', async () => {
      const c = client();
      await c.raw('POST', '/__mock/reset');
      const before = await c.stateText();
      const persona = happyPersona(def, sample());
      const none = await send(c, def, sample(), persona, { file: null });
      expect(none.status, none.text).toBe(400);
      const text = await send(c, def, sample(), persona, {
        file: { type: 'text/plain', bytes: Buffer.from('hello') },
      });
      expect(text.status, text.text).toBe(415);
      const notMultipart = await c.raw('POST', pathOf(def, sample().params), {
        token: await c.token(persona),
        body: { photo: 'x' },
      });
      expect(notMultipart.status).toBe(400);
      expect(await c.stateText()).toBe(before);
    });
});

/** Every endpoint whose address or scope names a contract: an unknown contract id is a 404, not an empty list. */
const UNKNOWN_CONTRACT = 999999;
const contractNamed = endpointList.filter(
  (def) => !def.public && (def.scope?.kind === 'contract' || /:contractId\b/.test(def.path)),
);

describe('an unknown contract id', () => {
  it('is named by a good share of the table (the list below is not empty by accident)', () => {
    expect(contractNamed.length).toBeGreaterThan(20);
  });

  it.each(contractNamed.map((def) => [def.id, def] as const))(
    'answers 404 with a JSON message on %s, state unchanged',
    async (id, def) => {
      const c = new Client(server, `unknown-contract-${id}`);
      await c.raw('POST', '/__mock/reset');
      const sample = samples[id as EndpointId];
      const setup = (await sample.setup?.(c)) ?? {};
      const before = await c.stateText();
      const scope = def.scope?.kind === 'contract' ? def.scope : { param: 'contractId', in: 'path' as const };
      const override: Parameters<typeof send>[4] = {};
      const params = { ...(setup.params ?? sample.params ?? {}) };
      if (/:contractId\b/.test(def.path)) params.contractId = UNKNOWN_CONTRACT;
      override.params = params;
      if (scope.in === 'query') override.query = { ...(sample.query ?? {}), [scope.param]: UNKNOWN_CONTRACT };
      if (scope.in === 'body') {
        const given =
          typeof sample.body === 'function'
            ? await (sample.body as (c: Client) => Promise<unknown>)(c)
            : sample.body;
        override.body = { ...(given as Record<string, unknown>), [scope.param]: UNKNOWN_CONTRACT };
      }
      // the portal super admin reaches every contract: the only reason left for a refusal is the unknown id
      const persona = granted({ roles: rolesOf('portal-admin') }, def.roles)
        ? 'portal-admin'
        : happyPersona(def, sample);
      const answer = await send(c, def, sample, persona, override);
      expect(answer.status, `${persona}: ${answer.text}`).toBe(404);
      expect(answer.body.message).toMatch(new RegExp(`${UNKNOWN_CONTRACT}`));
      expect(await c.stateText()).toBe(before);
    },
  );

  it('is still a 403 for an existing contract the caller does not belong to', async () => {
    const c = new Client(server, 'unknown-contract-member');
    const answer = await c.as('contract-admin-2', 'GET', `/api/contract/1/user`);
    expect(answer.status, answer.text).toBe(403);
  });
});
