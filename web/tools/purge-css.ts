/**
 * Build only: ships the Bootstrap rules the portal can use. Every word of the string literals of
 * the portal's source (web/src, tests left out) and of the React Bootstrap files it reaches is a
 * class name the page may carry, and so is such a class joined with a dash to a prop value of the
 * portal or to a suffix the code joins itself (`btn-${variant}` with "outline-primary" gives
 * btn-outline-primary; `${bsPrefix}-dialog` gives modal-dialog; spinner-border-sm). A rule
 * stays when one of its selectors uses only such classes (element, attribute and :root rules
 * always stay, and so do keyframes and custom properties); the rest of the 235 KB is dropped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import postcss, { type Root } from 'postcss';
import type { Plugin } from 'vite';
import { partsFor, pruneEmpty, splitParts } from './bootstrap-parts.ts';

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : files(path, keep);
    return keep(name) ? [path] : [];
  });
}

const STRING = /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;

const literalsOf = (text: string) =>
  // comments out first: an apostrophe in a comment would open a "string" running to the next one
  [
    ...text
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
      .matchAll(STRING),
  ].map(([literal]) => literal);

/** The words of the string literals of some source texts: what a class attribute is built from. */
export function wordsOf(texts: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const literal of literalsOf(text)) {
      for (const word of literal.split(/[^A-Za-z0-9_-]+/)) {
        const trimmed = word.replace(/^-+|-+$/g, '');
        if (trimmed) words.add(trimmed);
      }
    }
  }
  return words;
}

/**
 * The words of a source that decide which Bootstrap parts its module needs: those of wordsOf, less
 * the module paths it imports (`import('./tooltip-overlay')` sets no class), the variables a
 * template reads (`${label} : ${tooltip}`) and the values a template joins after a dash
 * (`${type}-${tooltip ? 'tooltip' : 'feedback'}` in React Bootstrap's form feedback makes
 * invalid-tooltip, never a .tooltip), so that a form or a list does not bring the tooltip's rules.
 */
export function partWordsOf(text: string): Set<string> {
  const bare = text
    .replace(/(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])[^'"\n]*\2/g, '$1$2$2')
    .replace(/-\$\{[^{}`]*\}/g, '-')
    .replace(/\$\{\s*[A-Za-z_$][\w$.]*\s*\}/g, '');
  return wordsOf([bare]);
}

/**
 * The suffixes a source joins to a prefix it computes: `${bsPrefix}-dialog` and '-dialog' give
 * "dialog" (React Bootstrap builds modal-dialog, modal-content, ... from its prefix this way).
 */
export function suffixesOf(texts: readonly string[]): Set<string> {
  const suffixes = new Set<string>();
  for (const text of texts) {
    for (const literal of literalsOf(text)) {
      for (const match of literal.matchAll(/(?:^['"`]|\})-([A-Za-z0-9_-]+)/g)) {
        const trimmed = (match[1] ?? '').replace(/-+$/, '');
        if (trimmed) suffixes.add(trimmed);
      }
    }
  }
  return suffixes;
}

/**
 * A class the page may carry: a word of any source, or a class it may carry joined with a dash to
 * a word of the portal's own source (a prop value such as variant="outline-primary" or size="sm",
 * which React Bootstrap or the portal joins to a prefix).
 */
export function classKeeper(
  words: ReadonlySet<string>,
  values: ReadonlySet<string>,
): (name: string) => boolean {
  const memo = new Map<string, boolean>();
  const keep = (name: string): boolean => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    let result = words.has(name);
    for (let i = name.indexOf('-'); !result && i > 0; i = name.indexOf('-', i + 1)) {
      result = values.has(name.slice(i + 1)) && keep(name.slice(0, i));
    }
    memo.set(name, result);
    return result;
  };
  return keep;
}

const CLASS = /\.((?:\\.|[A-Za-z0-9_-])+)/g;
/** data- attributes: [data-bs-theme=dark] styles only a page whose code sets data-bs-theme */
const DATA_ATTRIBUTE = /\[(data-[A-Za-z0-9_-]+)/g;

/**
 * A selector without its negations: `.offcanvas.show:not(.hiding)` matches a page that never sets
 * "hiding", so a class inside :not() is no reason to drop the rule.
 */
const positive = (selector: string) => selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');

/** Removes the rules none of whose selectors the page can match; empty at-rules go with them. */
export function purge(root: Root, keep: (name: string) => boolean): void {
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((selector) => {
      const required = positive(selector);
      return (
        [...required.matchAll(CLASS)].every((match) => keep((match[1] ?? '').replace(/\\/g, ''))) &&
        [...required.matchAll(DATA_ATTRIBUTE)].every((match) => keep(match[1] ?? ''))
      );
    });
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  pruneEmpty(root);
}

/** The global definitions of custom properties: Bootstrap's :root and its colour-mode blocks. */
const GLOBAL_SCOPE = /^(:root|\[data-bs-theme=(light|dark)\])$/;
const CUSTOM_PROPERTY = /--bs-[A-Za-z0-9-]+/g;

/**
 * Drops the `--bs-*` properties defined globally that nothing reads: no rule left in `root`, no
 * stylesheet of the portal and no source text (`style.setProperty('--bs-primary', ...)`) names
 * them. Bootstrap defines about 200 (every palette colour, gray, gradient, breakpoint); a
 * property read only by another unused one goes too.
 */
export function pruneCustomProperties(root: Root, texts: readonly string[]): void {
  const fromTexts = new Set(texts.flatMap((text) => text.match(CUSTOM_PROPERTY) ?? []));
  for (;;) {
    const used = new Set(fromTexts);
    root.walkDecls((decl) => {
      for (const name of decl.value.match(CUSTOM_PROPERTY) ?? []) used.add(name);
      const rule = decl.parent;
      const global =
        rule?.type === 'rule' && (rule as postcss.Rule).selectors.every((s) => GLOBAL_SCOPE.test(s));
      // a property set outside the global scope (.btn { --bs-btn-bg }) counts as read by its own rule
      if (!global && decl.prop.startsWith('--')) used.add(decl.prop);
    });
    let removed = 0;
    root.walkRules((rule) => {
      if (!rule.selectors.every((selector) => GLOBAL_SCOPE.test(selector))) return;
      rule.walkDecls((decl) => {
        if (decl.prop.startsWith('--bs-') && !used.has(decl.prop)) {
          decl.remove();
          removed += 1;
        }
      });
    });
    if (removed === 0) return;
  }
}

const sourceFiles = (dir: string) =>
  files(dir, (name) => /\.(tsx?|m?js)$/.test(name) && !/\.test\.|\.d\.ts$/.test(name));

const IMPORT = /from\s*['"]([^'"]+)['"]/g;

/**
 * The library files the portal's code reaches: `react-bootstrap/Modal` is esm/Modal.js, then the
 * files it imports, relative or from the other listed libraries (`@restart/ui/Modal`).
 */
export function reachedFiles(own: readonly string[], libraries: Record<string, string>): string[] {
  const seen = new Set<string>();
  const queue: string[] = [];
  const resolveSpecifier = (specifier: string, from: string | null): string | null => {
    if (from && specifier.startsWith('.')) {
      const path = join(dirname(from), specifier);
      return path.endsWith('.js') ? path : `${path}.js`;
    }
    for (const [name, dir] of Object.entries(libraries)) {
      if (specifier === name) return join(dir, 'index.js');
      if (specifier.startsWith(`${name}/`)) return join(dir, `${specifier.slice(name.length + 1)}.js`);
    }
    return null;
  };
  const visit = (text: string, from: string | null) => {
    for (const match of text.matchAll(IMPORT)) {
      const path = resolveSpecifier(match[1] ?? '', from);
      if (path && !seen.has(path) && existsSync(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  };
  for (const path of own) visit(readFileSync(path, 'utf8'), null);
  for (let path = queue.shift(); path !== undefined; path = queue.shift())
    visit(readFileSync(path, 'utf8'), path);
  return [...seen];
}

/**
 * The keeper of the portal's classes: the words of its own source (`own`, a folder) and of the
 * library files it reaches (`libraries`: package name to its ES module folder).
 */
export function portalClasses(own: string, libraries: Record<string, string>): (name: string) => boolean {
  const ownFiles = sourceFiles(own);
  const read = (paths: readonly string[]) => paths.map((path) => readFileSync(path, 'utf8'));
  const ownTexts = read(ownFiles);
  const libraryTexts = read(reachedFiles(ownFiles, libraries));
  const ownWords = wordsOf(ownTexts);
  const words = new Set([...ownWords, ...wordsOf(libraryTexts)]);
  // what is joined to a prefix: the portal's prop values and the suffixes the code joins itself;
  // a bare number is none of them (the portal uses no Col, Row or order)
  const joined = [...ownWords, ...suffixesOf([...ownTexts, ...libraryTexts])];
  const values = new Set(joined.filter((word) => !/^\d+$/.test(word)));
  const keep = classKeeper(words, values);
  return (name) => !UNUSED_FAMILIES.test(name) && keep(name);
}

/**
 * Classes the keeper would keep by joining words ("link" and "primary" give link-primary) that
 * the portal never sets: dropped (about 2 KiB gzip; the photo carousel has no fade, dark variant
 * or captions, no tab strip fills its row or sits in a card's header, the header has no navbar
 * toggler). A test checks that no source names them; using one means removing it from here.
 */
export const UNUSED_FAMILIES =
  /^(link-(primary|secondary|success|danger|warning|info|light|dark)|icon-link|btn-check|card-group|card-img|form-floating|form-range|valid-tooltip|invalid-tooltip|data-bs-theme|is-valid|was-validated|valid-feedback|toast|table-(primary|secondary|success|danger|warning|info|light|dark)|table-responsive-(sm|md|lg|xl|xxl)|table-borderless|pagination-lg|dropdown-menu-dark|carousel-fade|carousel-dark|carousel-caption|nav-fill|nav-justified|navbar-toggler|card-header-tabs|card-header-pills)(-|$)/;

const PART_ID = 'virtual:bootstrap-part/';

/**
 * The purge, then the split of Bootstrap's component rules into parts (./bootstrap-parts.ts): the
 * entry keeps the common rules, and each module of the portal imports the parts its words and the
 * React Bootstrap files it imports can need.
 */
export function purgeBootstrap(options: {
  own: string;
  libraries: Record<string, string>;
  /** the stylesheet the entry imports */
  target: RegExp;
  /** its file, read at the start of the build to cut the parts */
  file: string;
}): Plugin {
  let common: string | null = null;
  let parts = new Map<string, string>();
  const libraryWords = new Map<string, ReadonlySet<string>>();
  const wordsOfFile = (path: string) => {
    let words = libraryWords.get(path);
    if (!words) {
      words = partWordsOf(readFileSync(path, 'utf8'));
      libraryWords.set(path, words);
    }
    return words;
  };
  const isOwnModule = (id: string) =>
    id.startsWith(options.own) && /\.tsx?$/.test(id) && !/\.test\.|\.d\.ts$/.test(id);
  return {
    name: 'portal-purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const keep = portalClasses(options.own, options.libraries);
      const root = postcss.parse(readFileSync(options.file, 'utf8'));
      purge(root, keep);
      const ownTexts = files(options.own, (name) => /\.(css|tsx?)$/.test(name) && !/\.test\./.test(name)).map(
        (path) => readFileSync(path, 'utf8'),
      );
      pruneCustomProperties(root, ownTexts);
      parts = splitParts(root);
      common = root.toString();
    },
    resolveId(id) {
      return id.startsWith(PART_ID) ? id : null;
    },
    load(id) {
      if (!id.startsWith(PART_ID)) return null;
      const name = id.slice(PART_ID.length).replace(/\.css$/, '');
      const css = parts.get(name);
      if (css === undefined) this.error(`unknown Bootstrap part "${name}"`);
      return css;
    },
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (common !== null && options.target.test(path)) return { code: common, map: null };
      if (!isOwnModule(path)) return null;
      const words = partWordsOf(code);
      for (const file of reachedFiles([path], options.libraries))
        for (const word of wordsOfFile(file)) words.add(word);
      const needed = partsFor(words);
      if (needed.length === 0) return null;
      const imports = needed.map((name) => `import '${PART_ID}${name}.css';`).join('\n');
      // at the end, so that the module's lines keep their numbers
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}
