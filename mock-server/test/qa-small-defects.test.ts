/** The smaller defects a QA review found in the stubs: typed templates, bad headers, hidden rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globCovers } from '../control-api/schemas.ts';
import { MockRules } from '../src/runtime/rules.ts';
import { PARTITION_IDLE_MS, Partitions, type Partition } from '../src/runtime/partitions.ts';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

describe('templates give numbers, booleans and JSON', () => {
  it("the docs' example answers a number id, and a boolean, from the path and the query", async () => {
    const c = new Client(server, 'qa-typed-templates');
    const added = await c.raw('POST', '/__mock/stubs', {
      body: {
        method: 'GET',
        path: '/api/signal/*',
        body: {
          id: '{{toNumber request.pathSegments.[2]}}',
          urgent: '{{toBoolean request.query.urgent}}',
          echo: '{{toJson request.query}}',
          label: 'signal {{toNumber request.pathSegments.[2]}}',
          q: '{{request.query.q}}',
        },
      },
    });
    expect(added.status, added.text).toBe(201);
    const answer = await c.raw('GET', '/api/signal/42?urgent=true&q=x');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      id: 42,
      urgent: true,
      echo: { urgent: 'true', q: 'x' },
      label: 'signal 42',
      q: 'x',
    });
  });

  it('toNumber of a value that is not a number answers a 500 naming the stub', async () => {
    const c = new Client(server, 'qa-typed-bad');
    const added = await c.raw('POST', '/__mock/stubs', {
      body: { method: 'GET', path: '/api/signal/*', body: { id: '{{toNumber request.pathSegments.[2]}}' } },
    });
    const answer = await c.raw('GET', '/api/signal/abc');
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      `Stub ${added.body.id}: its template failed: toNumber: "abc" is not a number`,
    );
  });
});

describe('a bad header never answers a bare 500', () => {
  it("a step's header that Node cannot send is refused when the stub is added, naming the field", async () => {
    const c = new Client(server, 'qa-step-header');
    const added = await c.raw('POST', '/__mock/stubs', {
      body: {
        method: 'GET',
        path: '/api/contracts',
        sequence: [{ status: 200, body: [], headers: { 'bad header': 'x' } }],
      },
    });
    expect(added.status, added.text).toBe(400);
    expect(added.body.message).toMatch(/sequence\.0\.headers\.bad header: "bad header" is not a header name/);
    const value = await c.raw('POST', '/__mock/stubs', {
      body: { method: 'GET', path: '/api/contracts', sequence: [{ headers: { 'x-a': 'a\nb' } }] },
    });
    expect(value.status, value.text).toBe(400);
    expect(value.body.message).toMatch(/sequence\.0\.headers\.x-a: a header value has no line break/);
    expect((await c.raw('GET', '/__mock/stubs')).body).toEqual([]);
  });

  it('a header template that renders a line break answers a JSON 500 naming the stub and header', async () => {
    const c = new Client(server, 'qa-template-header');
    const added = await c.raw('POST', '/__mock/stubs', {
      body: {
        method: 'GET',
        path: '/api/contracts',
        body: [],
        responseHeaders: { 'x-echo': '{{request.query.q}}' },
      },
    });
    expect(added.status, added.text).toBe(201);
    const fine = await c.raw('GET', '/api/contracts?q=ok');
    expect(fine.headers.get('x-echo')).toBe('ok');
    const answer = await c.raw('GET', `/api/contracts?q=${encodeURIComponent('a\r\nset-cookie: x')}`);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      message: `Stub ${added.body.id}: its header "x-echo" is not a valid header (a line break, a control or non-Latin-1 character)`,
    });
    expect(answer.headers.get('set-cookie')).toBeNull();
  });
});

describe('a stub is said hidden only when the earlier rule takes every call it matches', () => {
  it('a narrower rule first hides nothing; a wider one does', () => {
    const rules = new MockRules();
    const wide = rules.add('stub', { method: 'GET', path: '/api/**', body: [], priority: 5 });
    // tried first (priority 1), but it takes only two segments after /api: /api/signal is not among them
    const narrow = rules.add('stub', { method: 'GET', path: '/api/*/*', body: [], priority: 1 });
    expect(narrow.warnings.filter((w) => w.includes('hides'))).toEqual([]);
    expect(rules.list().find((r) => r.id === wide.id)?.hiddenBy).toBeUndefined();
    expect(rules.decide({ method: 'GET', path: '/api/signal' }).answer?.id).toBe(wide.id);

    const segment = rules.add('stub', { method: 'GET', path: '/api/signal/1*', body: [], priority: 6 });
    const exactFirst = rules.add('stub', { method: 'GET', path: '/api/signal/1x', body: [], priority: 4 });
    expect(exactFirst.warnings.filter((w) => w.includes('hides'))).toEqual([]);
    // `/api/*/*` does take every `/api/signal/1…`: that one is hidden, and said so
    expect(rules.list().find((r) => r.id === segment.id)?.hiddenBy).toBe(narrow.id);

    const all = rules.add('stub', { method: '*', path: '/**', body: [], priority: 0 });
    expect(rules.list().find((r) => r.id === wide.id)?.hiddenBy).toBe(all.id);
    expect(rules.list().find((r) => r.id === narrow.id)?.hiddenBy).toBe(all.id);
  });

  it('globCovers says yes only when every path of the second is a path of the first', () => {
    expect(globCovers('/api/**', '/api/*/*')).toBe(true);
    expect(globCovers('/api/*/*', '/api/**')).toBe(false);
    expect(globCovers('/api/signal/*', '/api/signal/1*')).toBe(true);
    expect(globCovers('/api/signal/1x', '/api/signal/1*')).toBe(false);
    expect(globCovers('/api/signal/*', '/api/signal/**')).toBe(false);
    // `/api/signal/**` takes `/api/signal` too: `/api/signal/*` does not
    expect(globCovers('/api/signal/**', '/api/signal/**')).toBe(true);
    expect(globCovers('/api/signal/*/**', '/api/signal/**')).toBe(false);
    expect(globCovers('/api/contract/*/user', '/api/contract/1/user')).toBe(true);
  });
});

describe('partitions are evicted only when idle, with a warning', () => {
  const idleSince = (p: Partition) => {
    p.lastUsed = Date.now() - PARTITION_IDLE_MS - 1000;
  };

  it('keeps partitions in use and in runs, evicts the oldest idle one and says so', () => {
    const warnings: string[] = [];
    const partitions = new Partitions(
      { scenario: 'default', seed: 1, today: '2026-06-15', maxPartitions: 4 },
      () => {},
      (message) => warnings.push(message),
    );
    partitions.get('default');
    const run = partitions.get('run-1');
    const member = partitions.get('member');
    member.run = 'run-1';
    const old = partitions.get('old');
    for (const p of [run, member, old]) idleSince(p);
    old.lastUsed -= 60_000;

    // full (4 of 4): the new one takes the place of the only idle one outside a run
    partitions.get('new-1');
    expect(partitions.names().sort()).toEqual(['default', 'member', 'new-1', 'run-1']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^mock-server: evicted partition "old" \(idle since .*\) to make room for "new-1"/,
      ),
    ]);
    expect(partitions.evictions.map((e) => e.name)).toEqual(['old']);

    // new-1 was just called, the member is in a run, the run has a member: none is idle
    expect(() => partitions.get('new-2')).toThrow(/Too many partitions in use: 4 of at most 4/);
    expect(partitions.has('new-2')).toBe(false);
    expect(partitions.names()).toHaveLength(4);

    // once the run partition is gone, its idle former member can go
    partitions.delete('run-1');
    partitions.get('new-3');
    expect(partitions.has('member')).toBe(true);
    partitions.get('new-4');
    expect(partitions.has('member')).toBe(false);
    expect(partitions.evictions.map((e) => e.name)).toEqual(['member', 'old']);
  });

  it('the control API lists the evictions, and a full mock refuses a new partition with a JSON 503', async () => {
    const small = await startQuiet({ maxPartitions: 2 });
    try {
      const first = await new Client(small, 'p1').raw('GET', '/api/public/realms?domainName=x');
      expect(first.status).toBeLessThan(500);
      const refused = await new Client(small, 'p2').raw('GET', '/api/public/realms?domainName=x');
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(
        /Too many partitions in use: 2 of at most 2 .*"p2" was not created/,
      );
      expect((await new Client(small).raw('GET', '/__mock/partitions/evicted')).body).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
