/**
 * Chunk attribution: which sources (grouped by package or feature folder) make up the bytes of a
 * built chunk, read from its source map (a Vite build with `--sourcemap hidden`, whose chunks are
 * byte for byte those of a normal build). Pure functions, no dependency.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one Base64 VLQ segment ("AAgBC") into its numbers. Throws on a bad character. */
export function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`invalid VLQ character "${char}"`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
    } else {
      const negative = value % 2 === 1;
      const magnitude = Math.floor(value / 2);
      out.push(negative ? -magnitude : magnitude);
      value = 0;
      shift = 0;
    }
  }
  if (shift !== 0) throw new Error('truncated VLQ segment');
  return out;
}

export interface SourceMapLike {
  sources: readonly (string | null)[];
  mappings: string;
}

export const UNMAPPED = '(unmapped)';

/**
 * Characters of the generated code attributed to each source: every mapped segment owns the code
 * from its column to the next segment's column (or the end of its line).
 */
export function attributeBySource(code: string, map: SourceMapLike): Map<string, number> {
  const lines = code.split('\n');
  const totals = new Map<string, number>();
  const add = (key: string, n: number) => {
    if (n > 0) totals.set(key, (totals.get(key) ?? 0) + n);
  };
  let sourceIndex = 0;
  const mappingLines = map.mappings.split(';');
  lines.forEach((line, lineNo) => {
    const mapping = mappingLines[lineNo] ?? '';
    let column = 0;
    const segments: { column: number; source: string | null }[] = [];
    for (const raw of mapping.split(',')) {
      if (!raw) continue;
      const fields = decodeVlq(raw);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        segments.push({ column, source: map.sources[sourceIndex] ?? null });
      } else {
        segments.push({ column, source: null });
      }
    }
    const first = segments[0]?.column ?? line.length;
    add(UNMAPPED, Math.min(first, line.length));
    segments.forEach((segment, i) => {
      const end = Math.min(segments[i + 1]?.column ?? line.length, line.length);
      add(segment.source ?? UNMAPPED, end - Math.min(segment.column, end));
    });
    // the newline itself
    if (lineNo < lines.length - 1) add(UNMAPPED, 1);
  });
  return totals;
}

/**
 * A group name for a source path: the npm package after the last node_modules/, the workspace
 * package for contract/ and fixtures/, the feature (or first folder) for web/src/.
 */
export function groupOf(source: string): string {
  const path = source.replace(/\\/g, '/').replace(/\?.*$/, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? path);
    return name;
  }
  if (path.startsWith('\0') || path.includes('vite/') || path.includes('commonjsHelpers'))
    return '(bundler runtime)';
  const web = path.lastIndexOf('web/src/');
  if (web >= 0) {
    const parts = path.slice(web + 'web/src/'.length).split('/');
    if (parts[0] === 'features' && parts[1]) return `web/src/features/${parts[1]}`;
    if (parts.length > 1 && parts[0] && parts[1] && ['components', 'lib'].includes(parts[0])) {
      return `web/src/${parts[0]}/${parts.length > 2 ? parts[1] : ''}`.replace(/\/$/, '');
    }
    return `web/src/${parts[0] ?? ''}`;
  }
  for (const workspace of ['contract', 'fixtures']) {
    if (path.includes(`${workspace}/src/`)) return `@portal/${workspace}`;
  }
  return path.replace(/^(\.\.\/)+/, '');
}

export interface Share {
  group: string;
  chars: number;
  /** share of the chunk, 0..1 */
  share: number;
}

/** The groups of a chunk, largest first, with their share of the chunk. */
export function groupShares(bySource: ReadonlyMap<string, number>, top = 5): Share[] {
  const groups = new Map<string, number>();
  let total = 0;
  for (const [source, chars] of bySource) {
    const group = source === UNMAPPED ? UNMAPPED : groupOf(source);
    groups.set(group, (groups.get(group) ?? 0) + chars);
    total += chars;
  }
  return [...groups]
    .map(([group, chars]) => ({ group, chars, share: total > 0 ? chars / total : 0 }))
    .sort((a, b) => b.chars - a.chars || a.group.localeCompare(b.group))
    .slice(0, top);
}

/** "react-dom 62%, web/src/lib/i18n 10%, ..." */
export function describeShares(shares: readonly Share[]): string {
  return shares.map((s) => `${s.group} ${Math.round(s.share * 100)}%`).join(', ');
}
