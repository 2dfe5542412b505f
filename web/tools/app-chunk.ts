/**
 * Build only: the code every signed-in page runs in one chunk. The app (src/main.tsx) is imported
 * dynamically by the boot script, and the screens dynamically by the app; the bundler does not
 * know that a screen always runs after the app, so what both use (React's hooks, the query
 * client, the api client, the session...) was cut into a dozen small chunks, each requested
 * apart and compressed apart. Everything the app imports statically, less what the boot script
 * imports itself, now goes into the app's chunk: the same code, fewer requests and a better
 * compression. A screen given in `screens` gets its own static graph, less the app's, in one chunk
 * too: the home page, the first screen of most visits, is one file and one style sheet. A module
 * of that graph that another screen also imports (a tab strip's styles, a query factory) stays out
 * of it: in the screen's chunk it would make every screen importing it load the home page's code.
 */
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<
  Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>
>[1];

/** Every module `from` reaches by static imports, itself included. */
export function staticGraph(from: string, importsOf: (id: string) => readonly string[] | null): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(importsOf(id) ?? []));
  }
  return seen;
}

/** A style sheet (a CSS file, a part of Bootstrap's): it goes in a chunk of its own. */
const isStyle = (id: string) => /\.css($|\?)/.test(id);

/**
 * The part of a screen's static graph only the screen itself reaches: a module leaves when one of
 * its importers (static or dynamic) is neither in it nor among `below` (what the screen loads later,
 * its lazy parts: they run after it), and so, in turn, do the modules it alone brought.
 */
export function ownGraph(
  screen: string,
  graph: ReadonlySet<string>,
  importersOf: (id: string) => readonly string[] | null,
  below: ReadonlySet<string> = new Set(),
): Set<string> {
  const own = new Set(graph);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of own) {
      if (id === screen) continue;
      if ((importersOf(id) ?? []).some((importer) => !own.has(importer) && !below.has(importer))) {
        own.delete(id);
        changed = true;
      }
    }
  }
  return own;
}

/**
 * Two chunk groups: what the boot script imports (the signed-out visit loads it and the boot
 * script only), then the rest of the app's static graph, named `name` (the app's own chunk name,
 * so that they make one chunk). The first has the higher priority: the second group also takes
 * the dependencies of its modules, and would otherwise take the boot script's into the app.
 */
export function appChunks({
  app,
  boot,
  name = 'main',
  screens = {},
}: {
  app: string;
  boot: string;
  name?: string;
  /** screens whose own static graph (less the app's and the boot script's) is one chunk: name → module */
  screens?: Readonly<Record<string, string>>;
}): Rolldown.CodeSplittingGroup[] {
  let graphs: {
    boot: Set<string>;
    app: Set<string>;
    screens: Map<string, Set<string>>;
    /** what a screen reaches that others import too: module → its chunk's name */
    shared: Map<string, string>;
  } | null = null;
  const graphsOf = (ctx: ChunkingContext) => {
    if (!graphs) {
      const importsOf = (module: string) => ctx.getModuleInfo(module)?.importedIds ?? null;
      const allImportsOf = (module: string) => {
        const info = ctx.getModuleInfo(module);
        return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : null;
      };
      const importersOf = (module: string) => {
        const info = ctx.getModuleInfo(module);
        return info ? [...info.importers, ...info.dynamicImporters] : null;
      };
      const bootGraph = staticGraph(boot, importsOf);
      bootGraph.delete(boot);
      const appGraph = new Set([...staticGraph(app, importsOf)].filter((module) => !bootGraph.has(module)));
      const reached = new Map(
        Object.entries(screens).map(([chunk, screen]) => [
          chunk,
          new Set(
            [...staticGraph(screen, importsOf)].filter(
              (module) => !bootGraph.has(module) && !appGraph.has(module),
            ),
          ),
        ]),
      );
      const own = new Map(
        [...reached].map(([chunk, graph]) => {
          const screen = screens[chunk] ?? '';
          // its lazy parts: what it reaches through a dynamic import, less the app's and the boot script's
          const below = new Set(
            [...staticGraph(screen, allImportsOf)].filter(
              (m) => !bootGraph.has(m) && !appGraph.has(m) && !graph.has(m),
            ),
          );
          return [chunk, ownGraph(screen, graph, importersOf, below)];
        }),
      );
      // out of the screen's chunk, in one chunk of the screen's shared modules (a style sheet in a
      // chunk of its own, so that a screen needing only the styles does not load the modules):
      // left to the bundler, they would follow the screen into its chunk
      const shared = new Map<string, string>();
      for (const [chunk, graph] of reached)
        for (const module of graph)
          if (!own.get(chunk)?.has(module))
            shared.set(
              module,
              isStyle(module)
                ? (module.split(/[\\/]/).pop() ?? 'styles').replace(/\.[^.]*$|[^\w-]/g, '') || 'styles'
                : `${chunk}-shared`,
            );
      graphs = { boot: bootGraph, app: appGraph, screens: own, shared };
    }
    return graphs;
  };
  return [
    { debugName: 'boot', name: (id, ctx) => (graphsOf(ctx).boot.has(id) ? 'boot' : null), priority: 5 },
    { debugName: 'app', name: (id, ctx) => (graphsOf(ctx).app.has(id) ? name : null), priority: 4 },
    // the style sheets first: the shared modules' group would otherwise take them with the modules
    // that import them
    {
      debugName: 'shared styles',
      name: (id, ctx) => (isStyle(id) ? (graphsOf(ctx).shared.get(id) ?? null) : null),
      priority: 3,
    },
    {
      debugName: 'shared',
      name: (id, ctx) => (isStyle(id) ? null : (graphsOf(ctx).shared.get(id) ?? null)),
      priority: 2,
    },
    {
      debugName: 'screens',
      name: (id, ctx) => {
        for (const [chunk, graph] of graphsOf(ctx).screens) if (graph.has(id)) return chunk;
        return null;
      },
      priority: 1,
    },
  ];
}
