// The mock server's layers, read from the import statements of its sources: a folder imports only
// its own files and the layers below it (README.md, "Layout"). A new folder must be given a layer here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Lower numbers sit lower; folders of the same rank never import each other. '.' is src/ itself. */
const LAYERS: Record<string, number> = {
  /** the control API's shapes, rows and client (../control-api/, the package's control entry) */
  'control-api': -1,
  store: 0,
  auth: 1,
  wire: 1,
  runtime: 2,
  middleware: 3,
  routes: 4,
  control: 4,
  '.': 5,
};

/** Every module specifier of a file: static imports and re-exports (type-only too), dynamic imports. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1] as string);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] as string);
  return found;
}

function layerOf(file: string): string {
  const folder = relative(SRC, file).split('/');
  if (folder[0] === '..' && folder[1] === 'control-api') return 'control-api';
  return folder.length === 1 ? '.' : (folder[0] as string);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The imports of one file that break the layering, as "from -> to (why)". */
function violations(file: string, source: string): string[] {
  const own = layerOf(file);
  const out: string[] = [];
  for (const spec of specifiers(source)) {
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    const layer = layerOf(target);
    if (layer === own) continue;
    const name = `${relative(SRC, file)} -> ${relative(SRC, target)}`;
    const [a, b] = [LAYERS[own], LAYERS[layer]];
    if (a === undefined || b === undefined)
      out.push(`${name} (no layer for ${a === undefined ? own : layer}/)`);
    else if (b >= a) out.push(`${name} (${layer}/ is not below ${own}/)`);
  }
  return out;
}

describe('mock server layers: control-api < store < auth, wire < runtime < middleware < routes, control < app', () => {
  const files = sources(SRC);

  it('every folder of src/ has a layer', () => {
    expect(files.map(layerOf).filter((layer) => LAYERS[layer] === undefined)).toEqual([]);
  });

  it('no source imports a layer above its own or beside it', () => {
    const relativeImports = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).filter((s) => s.startsWith('.')),
    );
    // the reading itself works: the sources have their internal imports
    expect(relativeImports.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => violations(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it("README.md's layout lists every folder of the package and of src/", () => {
    const readme = readFileSync(resolve(SRC, '../README.md'), 'utf8');
    const layout = /## Layout\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const listed = new Set([...layout.matchAll(/^\s*([\w.-]+)\/(?:\s|$)/gm)].map((m) => m[1]));
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter(
          (e) => e.isDirectory() && !e.name.startsWith('.') && !['node_modules', 'dist'].includes(e.name),
        )
        .map((e) => e.name);
    const all = [...folders(resolve(SRC, '..')), ...folders(SRC)];
    expect(all.length).toBeGreaterThan(8);
    expect(all.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('the control API (control-api/) imports none of src/', () => {
    const controlApi = resolve(SRC, '../control-api');
    const files = sources(controlApi);
    expect(files.length).toBeGreaterThan(2);
    const intoSrc = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.') && !resolve(dirname(file), s).startsWith(controlApi))
        .map((s) => `${relative(controlApi, file)} -> ${s}`),
    );
    expect(intoSrc).toEqual([]);
  });

  it('catches an import upwards, beside, type-only, re-exported or dynamic', () => {
    const at = (path: string) => join(SRC, path);
    expect(violations(at('runtime/x.ts'), "import { ctxOf } from '../middleware/context.ts';")).toHaveLength(
      1,
    );
    expect(violations(at('middleware/x.ts'), "import type { X } from '../control/router.ts';")).toHaveLength(
      1,
    );
    expect(violations(at('routes/x.ts'), "export { x } from '../control/docs.ts';")).toHaveLength(1);
    expect(violations(at('store/x.ts'), "const m = await import('../runtime/journal.ts');")).toHaveLength(1);
    expect(violations(at('wire/x.ts'), "import {\n  a,\n  b,\n} from '../auth/jwt.ts';")).toHaveLength(1);
    expect(violations(at('routes/x.ts'), "import { a } from '../runtime/journal.ts';")).toEqual([]);
  });
});
