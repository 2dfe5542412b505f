/**
 * The state file (--state-file): written atomically (a temporary file renamed over the target), always
 * a complete state equal to GET /__mock/state, no temporary file left, and never inside the committed
 * fixtures folder.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildScenario } from '@portal/fixtures';
import { checkStateFilePath, StateFile } from '../src/runtime/persistence.ts';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

/** The repository's fixtures package, found independently of the code under test. */
const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

const running: RunningMockServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(stateFile: string): Promise<Client> {
  const server = await startQuiet({ stateFile });
  running.push(server);
  return new Client(server);
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-persist-'));

describe('saving the state file', () => {
  it('writes a complete state, the same as GET /__mock/state, and leaves no temporary file', async () => {
    const dir = join(tempDir(), 'not-yet', 'created');
    const file = join(dir, 'state.json');
    const c = await start(file);
    const created = await c.as('portal-admin', 'POST', '/api/contract', { label: 'Contrat sauvegardé' });
    expect(created.status, created.text).toBe(201);

    // the debounced save: the file becomes exactly the exported state
    const exported = await c.stateText();
    await vi.waitFor(() => expect(existsSync(file) ? readFileSync(file, 'utf8') : '').toBe(exported), {
      timeout: 3000,
      interval: 50,
    });
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.format).toBe('portal-mock-state');
    expect(saved.tables.contracts.map((x: { label: string }) => x.label)).toContain('Contrat sauvegardé');
    expect(readdirSync(dir)).toEqual(['state.json']);

    // a second change, saved at close: the file follows, still alone in its folder
    const deleted = await c.as('portal-admin', 'DELETE', `/api/contract/${created.body.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    const after = await c.stateText();
    await running.splice(0, 1)[0]?.close();
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(readdirSync(dir)).toEqual(['state.json']);

    // and it is read back at the next start
    const again = await start(file);
    expect(await again.stateText()).toBe(after);
  });

  it('reports a failed save without a temporary file left, and keeps the previous file', () => {
    const dir = tempDir();
    const file = join(dir, 'state.json');
    const state = buildScenario('empty', 1, { today: '2026-06-15' });
    const store = new StateFile(file, 0);
    store.schedule(() => state);
    store.flush();
    const previous = readFileSync(file, 'utf8');
    expect(JSON.parse(previous).scenario).toBe('empty');

    // a snapshot that cannot be serialised: nothing is written
    store.schedule(() => ({ ...state, seed: 10n }) as unknown as typeof state);
    expect(() => store.flush()).toThrow();
    expect(readFileSync(file, 'utf8')).toBe(previous);
    expect(readdirSync(dir)).toEqual(['state.json']);

    // a target that cannot be replaced (a folder): the temporary file is removed, the error names the path
    const blocked = join(dir, 'blocked.json');
    mkdirSync(join(blocked, 'inside'), { recursive: true });
    const failing = new StateFile(blocked, 0);
    failing.schedule(() => state);
    expect(() => failing.flush()).toThrow(
      new RegExp(`could not save the state to ${blocked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(readdirSync(dir).sort()).toEqual(['blocked.json', 'state.json']);
  });

  it('a failed background save is reported, not a crash', async () => {
    const dir = tempDir();
    const blocked = join(dir, 'blocked.json');
    mkdirSync(join(blocked, 'inside'), { recursive: true });
    const errors: string[] = [];
    const store = new StateFile(blocked, 5, (error) => errors.push(error.message));
    store.schedule(() => buildScenario('empty', 1, { today: '2026-06-15' }));
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 2000, interval: 10 });
    expect(errors[0]).toMatch(/could not save the state/);
    expect(readdirSync(dir)).toEqual(['blocked.json']);
  });
});

describe('the fixtures folder', () => {
  it('is the committed fixtures package (the paths below aim at the right folder)', () => {
    expect(JSON.parse(readFileSync(join(FIXTURES, 'package.json'), 'utf8')).name).toBe('@portal/fixtures');
  });

  it('is refused as the place of the state file, with a clear error, and nothing is written there', async () => {
    const link = join(tempDir(), 'fixtures-link');
    symlinkSync(FIXTURES, link);
    const before = readdirSync(FIXTURES).sort();
    const inside = [
      join(FIXTURES, 'state.json'),
      join(FIXTURES, 'src', 'new-folder', 'state.json'),
      `${FIXTURES}/../fixtures/state.json`,
      FIXTURES,
      join(link, 'state.json'),
    ];
    for (const path of inside) {
      await expect(startQuiet({ stateFile: path }), path).rejects.toThrow(
        /inside the committed fixtures folder/,
      );
      expect(() => checkStateFilePath(path), path).toThrow(/choose a path outside it/);
    }
    expect(readdirSync(FIXTURES).sort()).toEqual(before);
    expect(existsSync(join(FIXTURES, 'state.json'))).toBe(false);
    expect(existsSync(join(FIXTURES, 'src', 'new-folder'))).toBe(false);
  });

  it('does not refuse a folder whose name only starts like it', () => {
    expect(() => checkStateFilePath(`${FIXTURES}-copy/state.json`)).not.toThrow();
    expect(() => checkStateFilePath(join(tempDir(), 'fixtures', 'state.json'))).not.toThrow();
  });
});

describe('a saved state at start-up', () => {
  it('says when it overrides the scenario asked for, and how to start over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-saved-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify(buildScenario('empty', 3)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { MockRuntime } = await import('../src/runtime/mock-runtime.ts');
    try {
      const runtime = new MockRuntime({ scenario: 'large', stateFile: file, quiet: true });
      expect(runtime.partitions.get('default').scenario).toBe('empty');
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(
          `the saved state ${file} (scenario empty) overrides the scenario asked for (large)`,
        ),
      );
      expect(String(warn.mock.calls[0]?.[0])).toContain('docker compose down -v');
    } finally {
      warn.mockRestore();
    }
  });
});
