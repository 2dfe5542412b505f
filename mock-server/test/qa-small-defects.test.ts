/** The smaller defects a QA review found in the stubs: typed templates, bad headers, hidden rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globCovers } from '../control-api/schemas.ts';
import { MockRules } from '../src/runtime/faults.ts';
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
