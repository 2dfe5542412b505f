import { describe, expect, it } from 'vitest';
import { appChunks, ownGraph, staticGraph } from './app-chunk.ts';

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
const importersIn = (g: Record<string, string[]>, id: string) =>
  Object.keys(g).filter((from) => g[from]?.includes(id));
// the part of rolldown's chunking context the groups read
const contextOf = (g: Record<string, string[]>) =>
  ({
    getModuleInfo: (id: string) =>
      id in g
        ? {
            importedIds: g[id],
            dynamicallyImportedIds: [],
            importers: importersIn(g, id),
            dynamicImporters: [],
          }
        : null,
  }) as never;
const ctx = contextOf(graph);

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
    // the boot script's group first, then the app's, then what screens share, then the screens'
    expect(groups.map((group) => group.priority)).toEqual([5, 4, 3, 2, 1]);
  });

  it('gives what another screen imports too, and what only that brought, chunks of their own', () => {
    // a second screen imports the tab strip, which alone imports its styles
    const shared = { ...graph, tabs: ['tabs.css', 'query'], 'tabs.css': [], query: [], other: ['tabs'] };
    const groups = appChunks({ app: 'app', boot: 'boot', screens: { home: 'screen' } });
    const nameOf = (id: string) =>
      groups
        .map((group) => (typeof group.name === 'function' ? group.name(id, contextOf(shared)) : null))
        .find((name) => name !== null) ?? null;
    // one chunk of the screen's shared modules, a style sheet in a chunk of its own
    expect(['screen', 'tabs', 'query', 'tabs.css', 'other'].map(nameOf)).toEqual([
      'home',
      'home-shared',
      'home-shared',
      'tabs',
      null,
    ]);
  });

  it("keeps a screen's own graph: a module leaves when an importer is outside it", () => {
    const importers: Record<string, string[]> = { a: ['screen'], b: ['a', 'outside'], c: ['b'] };
    const own = ownGraph('screen', new Set(['screen', 'a', 'b', 'c']), (id) => importers[id] ?? []);
    expect([...own].sort()).toEqual(['a', 'screen']);
    // an importer among the screen's lazy parts (which run after it) keeps the module in
    const withLazy = ownGraph(
      'screen',
      new Set(['screen', 'a', 'b', 'c']),
      (id) => importers[id] ?? [],
      new Set(['outside']),
    );
    expect([...withLazy].sort()).toEqual(['a', 'b', 'c', 'screen']);
  });
});
