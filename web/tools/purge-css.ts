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
import postcss, { type Container, type Root } from 'postcss';
import type { Plugin } from 'vite';

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
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type !== 'atrule' || !node.nodes) return;
      prune(node);
      if (node.nodes.length === 0) node.remove();
    });
  };
  prune(root);
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
  return classKeeper(words, values);
}

export function purgeBootstrap(options: {
  own: string;
  libraries: Record<string, string>;
  target: RegExp;
}): Plugin {
  let keep: ((name: string) => boolean) | null = null;
  return {
    name: 'portal-purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      keep = portalClasses(options.own, options.libraries);
    },
    transform(code, id) {
      if (!keep || !options.target.test(id.split('?')[0] ?? id)) return null;
      const root = postcss.parse(code);
      purge(root, keep);
      return { code: root.toString(), map: null };
    },
  };
}
