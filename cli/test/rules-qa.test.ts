/**
 * `portal stub` for QA: an answer per step, named scenario states, richer matching (regex, contains,
 * absent, JSONPath, partial JSON), spent rules kept, list stubs without a body, and the warnings.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from './helpers.ts';
import { flags, useRules, type RuleFlags } from './rules.ts';

const { api, run, send, get, stub } = useRules();
/** `portal journal verify` with these options. */
const verify = (options: RuleFlags, ...extra: string[]) =>
  run('journal', 'verify', ...flags(options), ...extra);

describe('per-step answers and scenario states', () => {
  it('gives each step of a sequence its own status, body, headers and delay, then lists the rule spent', async () => {
    const added = await stub({
      method: 'GET',
      path: '/api/contracts',
      step: [
        '{"status":503,"body":{"message":"busy"},"headers":{"retry-after":"1"}}',
        '{"status":200,"body":[{"id":7}],"delayMs":300}',
      ],
    });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('answer 503 {"message":"busy"}, then 200 [{"id":7}] after 300 ms');
    const first = await get('/api/contracts');
    expect(first.status).toBe(503);
    expect(JSON.parse(first.text)).toEqual({ message: 'busy' });
    expect(first.headers.get('retry-after')).toBe('1');
    const second = await get('/api/contracts');
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text)).toEqual([{ id: 7 }]);
    expect(second.ms).toBeGreaterThanOrEqual(290);
    // spent: the real answer again, and the rule still listed with its two hits
    expect(JSON.parse((await get('/api/contracts')).text)).not.toEqual([{ id: 7 }]);
    const listed = json(await run('stub', 'list', '--json'));
    expect(listed).toMatchObject([{ hits: 2, remaining: 0, spent: true }]);
    expect((await run('stub', 'list')).stdout).toMatch(/\s2\s+spent/);
  });

  it('moves a named scenario from state to state, lists the states and resets them', async () => {
    const flow = { method: 'GET', path: '/api/contracts', scenario: 'flow' };
    expect((await stub({ ...flow, state: 'Started', nextState: 'second', body: '[{"id":1}]' })).code).toBe(0);
    expect((await stub({ ...flow, state: 'second', body: '[{"id":2}]' })).code).toBe(0);
    const body = async () => JSON.parse((await get('/api/contracts')).text);
    expect(await body()).toEqual([{ id: 1 }]);
    expect(json(await run('stub', 'states', '--json'))).toEqual([{ name: 'flow', state: 'second' }]);
    expect(await body()).toEqual([{ id: 2 }]);
    expect(await body()).toEqual([{ id: 2 }]);
    const reset = await run('stub', 'states', '--reset');
    expect(reset.stdout).toContain('Every rule scenario is back to Started');
    expect(reset.stdout).toMatch(/flow\s+Started/);
    expect(await body()).toEqual([{ id: 1 }]);
    const unknown = await run('stub', 'states', '--reset', 'nope');
    expect(unknown.code).toBe(2);
    const alone = await stub({ path: '/api/contracts', state: 'x', status: 200 });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--state and --next-state go with --scenario NAME');
  });
});

describe('richer matching', () => {
  it('matches a path by regex or text, query and headers by contains, regex and absence', async () => {
    await stub({
      pathMatches: '^/api/contract/\\d+/user$',
      queryContains: 'q=dup',
      headerAbsent: 'x-trace',
      body: '[]',
    });
    const path = '/api/contract/1/user';
    expect((await get(`${path}?q=dupont`)).text).toBe('[]');
    expect((await get(`${path}?q=martin`)).text).not.toBe('[]');
    expect((await get(`${path}?q=dupont`, 'portal-admin', { 'x-trace': '1' })).text).not.toBe('[]');
    await run('stub', 'clear');
    await stub({ path: '/api/contracts', headerMatches: 'x-client=^qa-[0-9]+$', body: '[]' });
    expect((await get('/api/contracts', 'portal-admin', { 'x-client': 'qa-12' })).text).toBe('[]');
    expect((await get('/api/contracts', 'portal-admin', { 'x-client': 'qa-x' })).text).not.toBe('[]');
  });

  it('matches a JSON body by JSONPath, absence and partial equality at any depth', async () => {
    await stub({
      method: 'POST',
      path: '/api/**',
      bodyJsonpath: '$.items[?(@.status=="DONE")]',
      bodyAbsent: '$.draft',
      status: 422,
      body: '{"message":"done"}',
    });
    const call = (body: unknown) => send('POST', '/api/signal', { persona: 'agent', body });
    expect((await call({ items: [{ status: 'OPEN' }, { status: 'DONE' }] })).status).toBe(422);
    expect((await call({ items: [{ status: 'OPEN' }] })).status).not.toBe(422);
    expect((await call({ items: [{ status: 'DONE' }], draft: true })).status).not.toBe(422);
    await run('stub', 'clear');
    await stub({
      method: 'POST',
      path: '/api/signal',
      bodyPartial: '{"location":{"lat":47.3},"tags":["urgent"]}',
      status: 409,
    });
    expect(
      (await call({ description: 'x', location: { lat: 47.3, lng: 5 }, tags: ['a', 'urgent'] })).status,
    ).toBe(409);
    expect(
      (await call({ description: 'x', location: { lat: 47.4, lng: 5 }, tags: ['urgent'] })).status,
    ).not.toBe(409);
  });

  it('refuses a pattern that could backtrack for long, and a JSONPath that does not parse (exit 2)', async () => {
    const evil = await stub({ pathMatches: '(a+)+$', status: 200 });
    expect(evil.code).toBe(2);
    expect(evil.stderr).toContain('catastrophic backtracking');
    const server = await api
      .post('/__mock/stubs', { path: '/**', pathMatches: '(a|aa)*b', status: 200 })
      .catch((e: Error) => e);
    expect(String(server)).toContain('400');
    const badPath = await stub({
      method: 'POST',
      path: '/api/**',
      bodyJsonpath: '$.items[?(@.x==',
      status: 200,
    });
    expect(badPath.code).toBe(2);
    expect(badPath.stderr).toContain('bodyJsonPath.0');
  });
});

describe('warnings and defaults', () => {
  it('warns about a method the path does not take and a persona that does not exist', async () => {
    const post = await stub({ method: 'POST', path: '/api/contracts', status: 500 });
    expect(post.code).toBe(0);
    expect(post.stderr).toContain('no endpoint of the contract answers POST on /api/contracts');
    const taken = await stub({ method: 'GET', path: '/api/contracts', status: 500 });
    expect(taken.stderr).not.toContain('no endpoint');
    const ghost = await stub({ path: '/api/contracts', persona: 'ghost', status: 500 });
    expect(ghost.stderr).toContain('no persona "ghost" in this partition');
  });

  it('answers an empty list with the paging headers when a list stub has no body, and warns', async () => {
    const added = await stub({ method: 'GET', path: '/api/contract/*/user', status: 200 });
    expect(added.stderr).toContain('answers an empty list []');
    const answer = await get('/api/contract/1/user');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual([]);
    expect(answer.headers.get('x-pagination-total-count')).toBe('0');
    expect(answer.headers.get('x-pagination-current-page')).toBe('1');
  });

  it('refuses an upper-case persona id before asking the mock (which takes lower case only)', async () => {
    const result = await run(
      'persona',
      'create',
      ...flags({ roles: 'ROLE_USER', contract: 1, id: 'QA-Upper' }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('lower-case letters');
  });
});

describe('journal verify for CI', () => {
  it('counts calls by the rules’ matchers with --at-least/--at-most/--exactly, and names the nearest misses', async () => {
    await run('journal', '--clear');
    await run('journal', 'capture', 'headers,bodies');
    await get('/api/contracts?q=dupont');
    await get('/api/contracts?q=martin');
    await send('POST', '/api/signal', { persona: 'agent', body: { contractId: 1, tags: ['x'] } });
    const ok = await verify({ path: '/api/contracts', queryContains: 'q=dup', exactly: 1 });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain('✓ 1 call match (expected exactly 1)');
    expect((await verify({ path: '/api/contracts', atLeast: 2 })).code).toBe(0);
    expect((await verify({ path: '/api/contracts', atMost: 1 })).code).toBe(1);
    const body = await verify({
      method: 'POST',
      path: '/api/signal',
      bodyPartial: '{"contractId":1}',
      exactly: 1,
    });
    expect(body.code, body.stdout + body.stderr).toBe(0);
    const durand = { path: '/api/contracts', query: 'q=durand', exactly: 1 };
    const missed = await verify(durand);
    expect(missed.code).toBe(1);
    expect(missed.stdout).toContain('Nearest misses');
    expect(missed.stdout).toMatch(/\/api\/contracts\?q=martin.*differs: query\.q/);
    const data = json(await verify(durand, '--json'));
    expect(data.nearestMisses[0].differs).toEqual(['query.q']);
    const both = await run('journal', 'verify', '--exactly', '1', '--at-least', '1');
    expect(both.code).toBe(2);
    await run('journal', 'capture', 'off');
  });

  it('never passes vacuously: a body or header matcher with capture off is a misuse (exit 2)', async () => {
    await run('journal', 'capture', 'off');
    await run('journal', '--clear');
    await send('POST', '/api/signal', { persona: 'agent', body: { contractId: 1, tags: ['x'] } });
    const body = await verify({
      method: 'POST',
      path: '/api/signal',
      bodyPartial: '{"contractId":2}',
      atMost: 0,
    });
    expect(body.code, body.stdout + body.stderr).toBe(2);
    expect(body.stderr).toMatch(/the journal keeps no request bod(y|ies)/);
    expect(body.stderr).toContain('portal journal capture bodies');
    expect(body.stdout).not.toContain('✓');
  });

  it('--junit writes the check as a JUnit test case, failed with the calls found', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-verify-'));
    await run('journal', '--clear');
    await get('/api/contracts?q=dupont');
    const passed = path.join(dir, 'passed.xml');
    expect((await verify({ path: '/api/contracts', exactly: 1 }, '--junit', passed)).code).toBe(0);
    const pass = await readFile(passed, 'utf8');
    expect(pass).toContain('<testcase classname="journal verify" name="* /api/contracts: exactly 1">');
    expect(pass).toContain('failures="0"');
    const failed = path.join(dir, 'failed.xml');
    expect((await verify({ path: '/api/contracts', exactly: 2 }, '--junit', failed)).code).toBe(1);
    const fail = await readFile(failed, 'utf8');
    expect(fail).toContain('<failure message="expected exactly 2 matching call(s), found 1">');
    expect(fail).toContain('call: GET /api/contracts?q=dupont 200');
  });
});

describe('response templates', () => {
  it('renders the request, the time, random values and French Faker values into body and headers', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-template-'));
    const file = path.join(dir, 'template.json');
    await writeFile(
      file,
      JSON.stringify({
        id: '{{request.pathSegments.[2]}}',
        path: '{{request.path}}',
        q: '{{request.query.q}}',
        trace: '{{request.headers.x-trace}}',
        day: "{{now offset='+1 days' format='yyyy-MM-dd'}}",
        n: '{{randomInt lower=5 upper=5}}',
        uuid: '{{uuid}}',
        name: "{{faker 'person.lastName'}}",
      }),
    );
    const added = await stub({
      method: 'GET',
      path: '/api/signal/*',
      body: `@${file}`,
      responseHeader: 'x-echo: {{request.query.q}}',
    });
    expect(added.code, added.stderr).toBe(0);
    const answer = await get('/api/signal/42?q=dupont', 'agent', { 'x-trace': 't-1' });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(body).toMatchObject({
      id: '42',
      path: '/api/signal/42',
      q: 'dupont',
      trace: 't-1',
      day: tomorrow,
      n: '5',
    });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.name.length).toBeGreaterThan(1);
    expect(answer.headers.get('x-echo')).toBe('dupont');
  });

  it('reads the JSON body with jsonPath, refuses a template that does not compile, answers 500 naming the stub on a failing one', async () => {
    await stub({
      method: 'POST',
      path: '/api/signal',
      status: 201,
      body: `{"echo":"{{jsonPath request.body '$.description'}}"}`,
    });
    const echoed = await send('POST', '/api/signal', { persona: 'agent', body: { description: 'fuite' } });
    expect(JSON.parse(echoed.text)).toEqual({ echo: 'fuite' });
    const broken = await stub({ path: '/api/contracts', body: '{"x":"{{#if}}"}' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('template "{{#if}}"');
    const added = json(
      await stub({ path: '/api/contracts', body: `{"x":"{{now offset='soon'}}"}` }, '--json'),
    );
    const failing = await get('/api/contracts');
    expect(failing.status).toBe(500);
    expect(JSON.parse(failing.text).message).toContain(`Stub ${added.id}: its template failed`);
  });
});
