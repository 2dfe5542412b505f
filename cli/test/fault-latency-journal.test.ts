import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEAD_URL, cli, json, spawnCli } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { mock, api, run } = useMockServer();

describe('portal fault', () => {
  afterEach(() => api.delete('/__mock/faults'));

  it('adds a status fault for N calls: the server answers it, then recovers', async () => {
    const added = await run(
      'fault',
      'add',
      '--method',
      'get',
      '--path',
      '/api/contracts',
      '--status',
      '503',
      '--times',
      '1',
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/Fault rule \S+: GET \/api\/contracts -> answer 503 \(1 time\)/);
    expect((await api.api('/api/contracts', 'portal-admin')).status).toBe(503);
    expect((await api.api('/api/contracts', 'portal-admin')).status).toBe(200);
  });

  it('lists and clears the rules', async () => {
    const rule = json(await run('fault', 'add', '--path', '/api/widget/**', '--status', '500', '--json'));
    expect(rule).toMatchObject({ path: '/api/widget/**', status: 500 });
    await run('fault', 'add', '--path', '/api/token-check', '--drop', '--times', '2');
    const human = await run('fault', 'list');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      /ORDER\s+ID\s+METHOD\s+PATH\s+MATCH\s+EFFECT\s+PRIORITY\s+HITS\s+TIMES\s+HIDDEN BY/,
    );
    expect(human.stdout).toMatch(/\/api\/widget\/\*\*\s+answer 500\s+5\s+0\s+always/);
    expect(human.stdout).toMatch(/\/api\/token-check\s+drop the connection\s+5\s+0\s+2/);
    const list = json<{ id: string | number }[]>(await run('fault', 'list', '--json'));
    expect(list).toHaveLength(2);

    const one = await run('fault', 'clear', String(rule.id));
    expect(one.code).toBe(0);
    expect((await api.get<unknown[]>('/__mock/faults')).length).toBe(1);
    const all = await run('fault', 'clear');
    expect(all.stdout).toContain('Cleared 1 fault rule');
    expect(await api.get('/__mock/faults')).toEqual([]);
    expect((await run('fault', 'list')).stdout).toContain('No fault rule.');
  });

  it('adds a delay, a malformed body and a dropped connection', async () => {
    await run('fault', 'add', '--path', '/api/skill', '--delay', '400', '--times', '1');
    const slow = await api.api('/api/skill', 'agent');
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(380);

    await run('fault', 'add', '--path', '/api/category', '--malformed', '--times', '1');
    const malformed = await api.api('/api/category', 'agent');
    expect(() => JSON.parse(malformed.text)).toThrow();

    await run('fault', 'add', '--path', '/api/widget', '--drop', '--times', '1');
    await expect(api.api('/api/widget', 'agent')).rejects.toThrow();
    expect((await api.api('/api/widget', 'agent')).status).toBe(200);
  });

  it('answers a JSON body given inline', async () => {
    await run(
      'fault',
      'add',
      '--path',
      '/api/skill',
      '--status',
      '200',
      '--body',
      '[{"id":"not a number"}]',
      '--times',
      '1',
    );
    const answer = await api.api('/api/skill', 'agent');
    expect(JSON.parse(answer.text)).toEqual([{ id: 'not a number' }]);
  });

  it('refuses bad rules with exit 2 and adds nothing', async () => {
    const cases: [string[], string][] = [
      [['--path', '/api/x'], 'say what the fault does'],
      [['--path', 'api/x', '--status', '500'], 'expected a path starting with /'],
      [['--path', '/api/x', '--status', '99'], 'expected a number from 100 to 599'],
      [['--path', '/api/x', '--status', '500', '--drop'], '--drop sends no answer'],
      [['--path', '/api/x', '--method', 'FETCH', '--status', '500'], 'expected one of'],
      [['--path', '/api/x', '--body', '{oops', '--status', '500'], 'expected JSON'],
      [['--path', '/api/x', '--status', '500', '--times', '0'], 'expected a number from 1'],
      [['--status', '500'], 'say which calls: --path (a glob), --path-matches or --path-contains'],
    ];
    const results = await Promise.all(cases.map(([args]) => run('fault', 'add', ...args)));
    results.forEach((result, i) => {
      const [args, message] = cases[i]!;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    });
    expect(await api.get('/__mock/faults')).toEqual([]);
  });

  it('says when the mock server cannot be reached', async () => {
    const result = await cli(['fault', 'list', '--mock-url', DEAD_URL]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot reach the mock server at ${DEAD_URL}`);
  });
});

describe('portal latency', () => {
  afterAll(() => api.put('/__mock/latency', { profile: 'none' }));

  it('shows and sets the latency by profile or range', async () => {
    const slow = await run('latency', 'slow');
    expect(slow.code).toBe(0);
    expect(slow.stdout).toMatch(/Latency: \d+(-\d+)? ms \(profile slow\)/);
    expect((await api.get('/__mock/latency')).minMs).toBeGreaterThan(0);

    const range = json(await run('latency', '--min', '10', '--max', '20', '--json'));
    expect(range).toMatchObject({ minMs: 10, maxMs: 20 });
    expect(await api.get('/__mock/latency')).toMatchObject({ minMs: 10, maxMs: 20 });

    const shown = await run('latency');
    expect(shown.stdout).toContain('Latency: 10-20 ms');

    expect((await run('latency', 'none')).code).toBe(0);
    expect(await api.get('/__mock/latency')).toMatchObject({ minMs: 0, maxMs: 0 });
  });

  it('refuses bad values with exit 2', async () => {
    const [bad, reversed, both, negative, dead] = await Promise.all([
      run('latency', 'sluggish'),
      run('latency', '--min', '30', '--max', '10'),
      run('latency', 'slow', '--min', '5'),
      run('latency', '--min', '-1'),
      cli(['latency', '--mock-url', DEAD_URL]),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are none, fast, slow, flaky');
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('--min (30) is greater than --max (10)');
    expect(both.code).toBe(2);
    expect(negative.code).toBe(2);
    expect(await api.get('/__mock/latency')).toMatchObject({ minMs: 0, maxMs: 0 });
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain(DEAD_URL);
  });
});

describe('portal journal', () => {
  it('shows the calls received, filtered by path, status and persona, as a table or JSON', async () => {
    await run('journal', '--clear');
    await api.api('/api/token-check', 'signal-agent');
    await api.api('/api/user/contracts', 'signal-agent');
    await api.api('/api/token-check'); // no token: 401

    const all = json<{ method: string; path: string; status: number; persona: string | null }[]>(
      await run('journal', '--path', '/api/**', '--json'),
    );
    expect(all.map((e) => [e.path.split('?')[0], e.status])).toEqual([
      ['/api/token-check', 200],
      ['/api/user/contracts', 200],
      ['/api/token-check', 401],
    ]);
    expect(all[0]?.persona).toBe('signal-agent');

    const byPersona = json<unknown[]>(
      await run('journal', '--persona', 'signal-agent', '--path', '/api/**', '--json'),
    );
    expect(byPersona).toHaveLength(2);
    const byStatus = json<{ status: number }[]>(await run('journal', '--status', '401', '--json'));
    expect(byStatus.map((e) => e.status)).toEqual([401]);
    const byPath = json<unknown[]>(await run('journal', '--path', '/api/user/*', '--json'));
    expect(byPath).toHaveLength(1);
    const last = json<{ status: number }[]>(
      await run('journal', '--path', '/api/**', '--limit', '1', '--json'),
    );
    expect(last.map((e) => e.status)).toEqual([401]);

    const table = await run('journal', '--path', '/api/**');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/TIME\s+METHOD\s+STATUS\s+MS\s+PERSONA\s+PATH/);
    expect(table.stdout).toMatch(/GET\s+200\s+\d+\s+signal-agent\s+\/api\/user\/contracts/);
  });

  it('clears the journal', async () => {
    await api.api('/api/token-check', 'agent');
    const cleared = await run('journal', '--clear');
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toContain('Journal cleared');
    expect(await api.get('/__mock/journal?path=/api/**')).toEqual([]);
    expect((await run('journal', '--path', '/api/**')).stdout).toContain('No call recorded matches.');
  });

  it('follows the journal live, filtered, until --limit', async () => {
    const child = spawnCli([
      'journal',
      '--follow',
      '--path',
      '/api/**',
      '--persona',
      'agent',
      '--limit',
      '2',
      '--json',
      '--mock-url',
      mock.url,
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    const following = new Promise<void>((resolve) =>
      child.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes('Following the journal')) resolve();
      }),
    );
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await following;
    await api.api('/api/token-check', 'request-agent'); // another persona: filtered out
    await api.api('/api/token-check', 'agent');
    await api.api('/api/skill', 'agent');
    expect(await closed).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { path: string; persona: string });
    expect(lines.map((l) => [l.path.split('?')[0], l.persona])).toEqual([
      ['/api/token-check', 'agent'],
      ['/api/skill', 'agent'],
    ]);
  });

  it('refuses bad filters with exit 2 and reports an unreachable server', async () => {
    const [status, since, method, dead, deadFollow] = await Promise.all([
      run('journal', '--status', 'teapot'),
      run('journal', '--since', 'yesterday'),
      run('journal', '--method', 'FETCH'),
      cli(['journal', '--mock-url', DEAD_URL]),
      cli(['journal', '--follow', '--mock-url', DEAD_URL]),
    ]);
    expect(status.code).toBe(2);
    expect(since.code).toBe(2);
    expect(since.stderr).toContain('expected a duration such as 5m');
    expect(method.code).toBe(2);
    expect(dead.code).toBe(1);
    expect(dead.stderr).toContain(DEAD_URL);
    expect(deadFollow.code).toBe(1);
    expect(deadFollow.stderr).toContain(`cannot reach the mock server at ${DEAD_URL}`);
  });
});
