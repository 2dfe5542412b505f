/**
 * Writes `src/conformance/spec-lines.ts`: for each endpoint, the line of the spec that describes
 * its call (`portal.md:225`), found by its method and path as the spec writes them
 * (`/api/industrial-site/{siteId}/indicator-value`, `…/contact[/{contactId}]`). The spec lives
 * beside the repository: SPEC_DIR, default ../../shared/spec from this package.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { endpointList } from '../src/endpoints/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const specDir = process.env.SPEC_DIR ?? path.resolve(here, '../../../shared/spec');
const files = ['portal.md', 'territorial-admin.md'].map((name) => ({
  name,
  lines: readFileSync(path.join(specDir, name), 'utf8').split('\n'),
}));

/** The path's segments with any parameter name: the spec names some parameters differently. */
function pattern(p: string): RegExp {
  const body = p
    .split('/')
    .map((part) => (part.startsWith(':') ? '\\{[A-Za-z]+\\}' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`${body}(?![\\w/{-])`);
}
/** `/a/{b}/c/{d}` also as the spec's `/a/{b}/c[/{d}]`. */
function optionalTail(p: string): RegExp | null {
  const cut = p.lastIndexOf('/');
  if (cut <= 0 || !p.slice(cut + 1).startsWith(':')) return null;
  const head = pattern(p.slice(0, cut)).source.replace(/\(\?!.*\)$/, '');
  return new RegExp(`${head}\\[/\\{[A-Za-z]+\\}\\]`);
}

const found: Record<string, string> = {};
for (const def of endpointList) {
  const path_ = def.path;
  const tests = [pattern(path_), optionalTail(path_)].filter((r): r is RegExp => r !== null);
  let best: { at: string; score: number } | null = null;
  for (const file of files)
    file.lines.forEach((line, index) => {
      if (!tests.some((t) => t.test(line))) return;
      const score = (line.includes(def.method) ? 2 : 0) + (tests[0]?.test(line) ? 1 : 0);
      if (!best || score > best.score) best = { at: `${file.name}:${index + 1}`, score };
    });
  if (best) found[def.id] = (best as { at: string }).at;
}

const rows = Object.entries(found).map(([id, at]) => `  ${id}: '${at}',`);
const target = path.resolve(here, '../src/conformance/spec-lines.ts');
writeFileSync(
  target,
  `/**
 * The line of the spec that describes each endpoint's call, where the spec writes its path (the
 * others are described by their section only). Written by \`npm run spec-lines -w contract\`.
 */
import type { EndpointDef } from '../endpoint.ts';

const lines: Record<string, string> = {
${rows.join('\n')}
};

const SECTIONS: Record<EndpointDef['source'], string> = {
  portal: 'portal.md section 7',
  'territorial-admin': 'territorial-admin.md section 7',
  declared: 'territorial-admin.md section 7 (a shape only; its path is the contract\\'s)',
  screens: 'the screens of the spec (no call written; its path is the contract\\'s)',
};

/** Where the spec describes an endpoint's call: \`portal.md:225\`, or its section. */
export function specLine(def: Pick<EndpointDef, 'id' | 'source'>): string {
  return lines[def.id] ?? SECTIONS[def.source];
}
`,
);
console.log(`wrote ${target}: ${rows.length} of ${endpointList.length} endpoints found in the spec`);
