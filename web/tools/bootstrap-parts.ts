/**
 * Build only: Bootstrap's component rules travel with the code that uses them. The purged
 * stylesheet is cut in two: the rules every page may need (custom properties, reboot, type, grid,
 * buttons, utilities, transitions) stay in the entry's CSS, and each component's rules (forms,
 * modal, tables, accordion, ...) become a part that a module imports when its words or the React
 * Bootstrap files it imports can put one of the component's classes on the page. Vite then ships
 * a part in the CSS of the chunk that needs it and loads it before running that chunk, so a page
 * never shows a component before its rules.
 *
 * The rule that keeps this sound: wherever a class of a part can appear, that part is loaded. A
 * rule naming classes of two parts (`.card > .list-group`) goes to the first of them; it only
 * matches when both classes are there, and then both parts are.
 */
import postcss, { type Container, type Root } from 'postcss';

export interface Part {
  name: string;
  /** the class names whose rules belong to the part */
  classes: RegExp;
}

/** The components cut out of the entry's CSS, each with the class names it owns. */
export const PARTS: readonly Part[] = [
  { name: 'forms', classes: /^(form-|was-validated$|valid-|invalid-|input-group|col-form-label)/ },
  { name: 'modal', classes: /^modal(-|$)/ },
  // apart: a table without pagination (a site's readings) does not load the pagination's rules
  { name: 'tables', classes: /^table(-|$)/ },
  { name: 'pagination', classes: /^(pagination|page-item$|page-link$)/ },
  { name: 'accordion', classes: /^accordion(-|$)/ },
  { name: 'carousel', classes: /^carousel(-|$)/ },
  { name: 'tooltip', classes: /^(tooltip|bs-tooltip)(-|$)/ },
  { name: 'popover', classes: /^(popover|bs-popover)(-|$)/ },
  { name: 'offcanvas', classes: /^offcanvas(-|$)/ },
  { name: 'breadcrumb', classes: /^breadcrumb(-|$)/ },
  { name: 'progress', classes: /^progress(-|$)/ },
  { name: 'list-group', classes: /^list-group(-|$)/ },
  { name: 'nav', classes: /^(nav|navbar|tab-content$|tab-pane$)(-|$)/ },
  { name: 'placeholder', classes: /^placeholder(-|$)/ },
  { name: 'btn-group', classes: /^btn-(group|toolbar)(-|$)/ },
];

const CLASS = /\.((?:\\.|[A-Za-z0-9_-])+)/g;

const partOfSelector = (selector: string, parts: readonly Part[]): Part | null => {
  for (const match of selector.matchAll(CLASS)) {
    const name = (match[1] ?? '').replace(/\\/g, '');
    const part = parts.find((candidate) => candidate.classes.test(name));
    if (part) return part;
  }
  return null;
};

/** A copy of the at-rules around a node, empty, so that a rule moved to a part keeps its @media. */
function cloneAncestors(node: postcss.Rule, into: Root): Container {
  const chain: postcss.AtRule[] = [];
  for (let parent = node.parent; parent && parent.type === 'atrule'; parent = parent.parent)
    chain.unshift(parent as postcss.AtRule);
  let container: Container = into;
  for (const atRule of chain) {
    const last = container.last;
    if (last?.type === 'atrule' && last.name === atRule.name && last.params === atRule.params) {
      container = last;
    } else {
      const copy = atRule.clone({ nodes: [] });
      container.append(copy);
      container = copy;
    }
  }
  return container;
}

/**
 * Moves every rule whose selectors name a part's class out of `root` into that part's stylesheet,
 * in the original order; a rule some of whose selectors belong to no part stays in `root` whole.
 */
export function splitParts(root: Root, parts: readonly Part[] = PARTS): Map<string, string> {
  const roots = new Map(parts.map((part) => [part.name, postcss.root()]));
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const owners = rule.selectors.map((selector) => partOfSelector(selector, parts));
    const owner = owners[0];
    if (!owner || owners.some((part) => part !== owner)) return;
    const target = roots.get(owner.name);
    if (!target) return;
    cloneAncestors(rule, target).append(rule.clone());
    rule.remove();
  });
  pruneEmpty(root);
  return new Map([...roots].map(([name, partRoot]) => [name, partRoot.toString()]));
}

/** Removes the at-rules (@media, @supports) left without a rule. */
export function pruneEmpty(container: Container): void {
  container.each((node) => {
    if (node.type !== 'atrule' || !node.nodes) return;
    pruneEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/** The parts a module needs: those owning one of the class words it (or what it imports) can set. */
export function partsFor(words: Iterable<string>, parts: readonly Part[] = PARTS): string[] {
  const needed = new Set<string>();
  for (const word of words) {
    for (const part of parts) if (part.classes.test(word)) needed.add(part.name);
  }
  return parts.filter((part) => needed.has(part.name)).map((part) => part.name);
}
