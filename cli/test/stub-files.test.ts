/**
 * Stub sets as files: `stub export` writes what `stub import` reads back unchanged, an import is all
 * or nothing (the refusal names the element), a folder loads in name order, `scenario export
 * --with-rules` carries the stubs and faults, and `serve --stubs DIR` loads a folder at start.
 */
import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { api, run } = useMockServer();

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'portal-stub-files-'));

describe('portal stub export / import', () => {
  afterEach(async () => {
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/faults');
  });

  it('round trip: export, clear, import, export again gives the same bytes and the same order', async () => {
    const dir = await tempDir();
    await run(
      'stub',
      'add',
      '--path',
      '/api/contracts',
      '--body',
      '[{"id":1,"name":"A"}]',
      '--priority',
      '2',
    );
    await run(
      'stub',
      'add',
      '--method',
      'POST',
      '--path',
      '/api/signal',
      '--scenario',
      'signal',
      '--state',
      'Started',
      '--next-state',
      'sent',
      '--status',
      '201',
      '--body',
      '{"id":"{{uuid}}"}',
    );
    await run(
      'stub',
      'add',
      '--path',
      '/api/skill',
      '--query',
      'q=zz',
      '--body',
      '[]',
      '--response-header',
      'x-a: b',
    );
    const before = json(await run('stub', 'list', '--json'));
    const first = path.join(dir, 'first.json');
    const exported = await run('stub', 'export', first);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`✓ Exported 3 stubs to ${first}`);
    expect(JSON.parse(await readFile(first, 'utf8'))).toHaveLength(3);

    expect((await run('stub', 'clear')).code).toBe(0);
    const imported = await run('stub', 'import', first);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`✓ Imported 3 stubs from ${first}`);
    const second = path.join(dir, 'second.json');
    await run('stub', 'export', second);
    expect(await readFile(second, 'utf8')).toBe(await readFile(first, 'utf8'));
    const after = json(await run('stub', 'list', '--json'));
    const shape = (rules: { path: string; order: number; priority: number }[]) =>
      rules.map((r) => [r.path, r.order, r.priority]);
    expect(shape(after)).toEqual(shape(before));
    // to stdout too
    expect(JSON.parse((await run('stub', 'export')).stdout)).toEqual(
      JSON.parse(await readFile(first, 'utf8')),
    );
  });

  it('is all or nothing: element 3 of 5 invalid adds none, and the error names it and why', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'five.json');
    const good = (n: number) => ({ path: `/api/contract/${n}/user`, body: [] });
    await writeFile(
      file,
      JSON.stringify([good(1), good(2), { path: 'api/no-slash', body: [] }, good(4), good(5)]),
    );
    const result = await run('stub', 'import', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(file);
    // the element is named in its file: the third of the file's five
    expect(result.stderr).toContain(`${file}: `);
    expect(result.stderr).toContain('stub 3 of 5: path: the path starts with /; nothing was added');
    expect(json(await run('stub', 'list', '--json'))).toEqual([]);

    // a template that does not compile is refused the same way, before anything is added
    await writeFile(file, JSON.stringify([good(1), { path: '/api/contracts', body: { a: '{{#if}}' } }]));
    const template = await run('stub', 'import', file);
    expect(template.code).toBe(2);
    expect(template.stderr).toMatch(/five.json: .*stub 2 of 2: body: template/);
    expect(json(await run('stub', 'list', '--json'))).toEqual([]);
  });

  it("prints the mock's warnings: a path of no endpoint, an unknown persona, a hidden stub", async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'warned.json');
    await writeFile(
      file,
      JSON.stringify([
        { path: '/api/contrats', body: [] },
        { path: '/api/contracts', persona: 'nobody', body: [] },
        { path: '/api/**', status: 503, priority: 1 },
        { path: '/api/skill', body: [] },
      ]),
    );
    const result = await run('stub', 'import', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('/api/contrats matches no endpoint of the contract');
    expect(result.stderr).toContain('no persona "nobody" in this partition');
    expect(result.stderr).toMatch(/warning: stub \d+ \(\* \/api\/skill\): rule \d+ comes first/);
  });

  it('imports a folder in name order, each file all or nothing, naming the file that fails', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, '02-second.json'), JSON.stringify([{ path: '/api/skill', body: [] }]));
    await writeFile(path.join(dir, '01-first.json'), JSON.stringify([{ path: '/api/contracts', body: [] }]));
    await writeFile(path.join(dir, 'notes.txt'), 'not a stub file');
    const result = await run('stub', 'import', dir, '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(json(result).map((r: { path: string; file: string }) => [r.path, path.basename(r.file)])).toEqual([
      ['/api/contracts', '01-first.json'],
      ['/api/skill', '02-second.json'],
    ]);
    await api.delete('/__mock/stubs');
    await writeFile(path.join(dir, '03-broken.json'), '{"path": "/api/contracts"}');
    const broken = await run('stub', 'import', dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${path.join(dir, '03-broken.json')} is not a JSON array of stubs`);
    // read before any is sent: nothing added
    expect(json(await run('stub', 'list', '--json'))).toEqual([]);
  });

  it('is all or nothing for the whole folder, refuses a link out of it, and escapes names it prints', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, '01-first.json'), JSON.stringify([{ path: '/api/contracts', body: [] }]));
    await writeFile(
      path.join(dir, '02-bad\u001b[31m.json'),
      JSON.stringify([{ path: '/api/skill', status: 42 }]),
    );
    const bad = await run('stub', 'import', dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('02-bad\\u{1b}[31m.json: ');
    expect(bad.stderr).toContain('answered 400: stub 1 of 1: status: ');
    expect(bad.stderr).not.toContain('\u001b[31m');
    expect(json(await run('stub', 'list', '--json'))).toEqual([]);
    const other = await tempDir();
    await writeFile(path.join(other, 'outside.json'), JSON.stringify([{ path: '/api/contracts', body: [] }]));
    const linked = await tempDir();
    await symlink(path.join(other, 'outside.json'), path.join(linked, 'link.json'));
    const refused = await run('stub', 'import', linked);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('leads out of the folder');
    expect(json(await run('stub', 'list', '--json'))).toEqual([]);
  });
});

describe('portal scenario export --with-rules', () => {
  afterEach(async () => {
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/faults');
    await api.post('/__mock/scenarios/default');
  });

  it('carries the stubs and faults, in their order, and import restores them with the data', async () => {
    const dir = await tempDir();
    await run('stub', 'add', '--path', '/api/contracts', '--body', '[]');
    await run('fault', 'add', '--path', '/api/skill', '--status', '503');
    await run('stub', 'add', '--path', '/api/skill', '--body', '[]');
    const rulesBefore = json(await run('stub', 'list', '--all', '--json'));
    const file = path.join(dir, 'state.json');
    expect((await run('scenario', 'export', '--with-rules', file)).code).toBe(0);
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect(written.rules.map((r: { kind: string; path: string }) => [r.kind, r.path])).toEqual([
      ['stub', '/api/contracts'],
      ['fault', '/api/skill'],
      ['stub', '/api/skill'],
    ]);
    // without the option: the data only, as before
    await run('scenario', 'export', path.join(dir, 'plain.json'));
    expect(JSON.parse(await readFile(path.join(dir, 'plain.json'), 'utf8')).rules).toBeUndefined();

    await run('scenario', 'load', 'empty');
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/faults');
    const imported = await run('scenario', 'import', file);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('with 2 stub(s) and 1 fault(s)');
    expect((await api.get('/__mock/health')).scenario).toBe('default');
    const strip = (rules: { path: string; kind: string; order: number; hiddenBy?: number }[]) =>
      rules.map((r) => [r.kind, r.path, r.order, r.hiddenBy === undefined]);
    expect(strip(json(await run('stub', 'list', '--all', '--json')))).toEqual(strip(rulesBefore));
  });

  it('changes nothing when one of its rules is invalid, and names it', async () => {
    const dir = await tempDir();
    await run('stub', 'add', '--path', '/api/contracts', '--body', '[]');
    const file = path.join(dir, 'state.json');
    await run('scenario', 'export', '--with-rules', file);
    const state = JSON.parse(await readFile(file, 'utf8'));
    state.rules.push({ kind: 'fault', path: '/api/skill' });
    await writeFile(file, JSON.stringify(state));
    await run('scenario', 'load', 'empty');
    const refused = await run('scenario', 'import', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Invalid fault 2 of 2 (rules[1]): status: a fault needs a status');
    expect((await api.get('/__mock/health')).scenario).toBe('empty');
    expect(json(await run('stub', 'list', '--json'))).toHaveLength(1);
  });
});

describe('portal serve --stubs DIR', () => {
  it('refuses a folder with a file that is not a JSON array, naming it, before starting', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'a.json'), '{}');
    const result = await cli(['serve', '--only', 'mock', '--mock-port', '4314', '--stubs', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--stubs: ${path.join(dir, 'a.json')} is not a JSON array of stubs`);
    expect(result.stdout).not.toContain('Mock server ready');
  });

  it('stops the mock at start on an invalid stub, naming the file and the element', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, '01-ok.json'), JSON.stringify([{ path: '/api/contracts', body: [] }]));
    await writeFile(path.join(dir, '02-bad.json'), JSON.stringify([{ path: '/api/skill', status: 42 }]));
    const result = await cli(['serve', '--only', 'mock', '--mock-port', '4315', '--stubs', dir], {
      timeoutMs: 60_000,
    });
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain(
      `${path.join(dir, '02-bad.json')}: Invalid stub 1 of 1 (stubs[0]): status:`,
    );
    expect(result.stdout).not.toContain('Mock server ready');
  });
});
