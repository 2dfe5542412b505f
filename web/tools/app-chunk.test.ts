import { describe, expect, it } from 'vitest';
import { appChunks, staticGraph } from './app-chunk.ts';

// boot -> runtime, storage; app -> storage, react, api -> runtime; a screen only dynamically,
// itself -> react, tabs -> runtime
const graph: Record<string, string[]> = {
  boot: ['runtime', 'storage'],
  app: ['storage', 'react', 'api'],
  api: ['runtime', 'react'],
  runtime: [],
  storage: [],
  react: [],
  screen: ['react', 'tabs'],
  tabs: ['runtime'],
};
// the part of rolldown's chunking context the groups read
const ctx = {
  getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null),
} as never;

describe('the app chunk', () => {
  it('follows static imports only, each module once', () => {
    expect([...staticGraph('app', (id) => graph[id] ?? null)].sort()).toEqual([
      'api',
      'app',
      'react',
      'runtime',
      'storage',
    ]);
  });

  it("puts the boot script's imports in the boot group and the rest of the app in the app's chunk", () => {
    const [boot, app] = appChunks({ app: 'app', boot: 'boot' });
    const nameOf = (group: typeof boot, id: string) =>
      typeof group?.name === 'function' ? group.name(id, ctx) : null;
    expect(
      ['runtime', 'storage', 'boot', 'app', 'api', 'react', 'screen'].map((id) => nameOf(boot, id)),
    ).toEqual(['boot', 'boot', null, null, null, null, null]);
    expect(['runtime', 'storage', 'app', 'api', 'react', 'screen'].map((id) => nameOf(app, id))).toEqual([
      null,
      null,
      'main',
      'main',
      'main',
      null,
    ]);
    expect(boot?.priority).toBeGreaterThan(app?.priority ?? 0);
  });

  it("puts a screen's own static graph, less the app's and the boot script's, in the screen's chunk", () => {
    const groups = appChunks({ app: 'app', boot: 'boot', screens: { home: 'screen' } });
    const nameOf = (id: string) =>
      groups
        .map((group) => (typeof group.name === 'function' ? group.name(id, ctx) : null))
        .find((name) => name !== null) ?? null;
    expect(['screen', 'tabs', 'react', 'runtime', 'api'].map(nameOf)).toEqual([
      'home',
      'home',
      'main',
      'boot',
      'main',
    ]);
    // the boot script's group first, then the app's, then the screens'
    expect(groups.map((group) => group.priority)).toEqual([3, 2, 1]);
  });
});
