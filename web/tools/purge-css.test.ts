import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { classKeeper, partWordsOf, purge, suffixesOf, wordsOf } from './purge-css.ts';

const purged = (css: string, keep: (name: string) => boolean) => {
  const root = postcss.parse(css);
  purge(root, keep);
  return root.toString();
};

describe('the Bootstrap purge', () => {
  it('reads class words from string literals, not from comments or identifiers', () => {
    const words = wordsOf([
      "// the header's menu\nconst cls = `btn-${variant} d-flex`; /* don't 'modal' */ const v = 'outline-primary';",
    ]);
    expect(words.has('btn')).toBe(true);
    expect(words.has('d-flex')).toBe(true);
    expect(words.has('outline-primary')).toBe(true);
    expect(words.has('modal')).toBe(false);
    expect(words.has('cls')).toBe(false);
  });

  it('decides parts without the paths a module imports nor the values a template joins after a dash', () => {
    const feedback = "className: classNames(className, `${type}-${tooltip ? 'tooltip' : 'feedback'}`)";
    expect(wordsOf([feedback]).has('tooltip')).toBe(true);
    expect(partWordsOf(feedback).has('tooltip')).toBe(false);
    const lazy =
      "const T = lazy(() => import('./tooltip-overlay'));\nimport Tooltip from 'react-bootstrap/Tooltip';";
    expect(partWordsOf(lazy).has('tooltip-overlay')).toBe(false);
    expect(partWordsOf(lazy).has('Tooltip')).toBe(false);
    expect(partWordsOf('const name = `${label} : ${tooltip}`;').has('tooltip')).toBe(false);
    // a class set by itself still counts, and so does the prefix a value is joined to
    const own = "useBootstrapPrefix(bsPrefix, 'tooltip'); const c = `modal-${size}`;";
    expect(partWordsOf(own).has('tooltip')).toBe(true);
    expect(partWordsOf(own).has('modal')).toBe(true);
  });

  it('keeps a word, and a kept class joined to a prop value of the portal', () => {
    const keep = classKeeper(
      new Set(['btn', 'spinner', 'order']),
      new Set(['outline-primary', 'border', 'sm']),
    );
    expect(keep('btn-outline-primary')).toBe(true);
    expect(keep('spinner-border-sm')).toBe(true);
    expect(keep('btn-danger')).toBe(false);
    expect(keep('order-1')).toBe(false);
  });

  it("reads the suffixes a library joins to its own prefix (React Bootstrap's modal-dialog)", () => {
    const source = "const dialog = `${bsPrefix}-dialog`; const end = prefix + '-content'; const x = 'a-b';";
    const suffixes = suffixesOf([source]);
    expect([...suffixes].sort()).toEqual(['content', 'dialog']);
    const keep = classKeeper(wordsOf([source, "const p = 'modal';"]), suffixes);
    expect(keep('modal-dialog')).toBe(true);
    expect(keep('modal-content')).toBe(true);
    expect(keep('modal-b')).toBe(false);
  });

  it('drops the rules of classes no one sets, keeps element rules, keyframes and partly used selectors', () => {
    const keep = (name: string) => name === 'used' || name === 'show';
    const css =
      ':root{--bs-x:1}body{margin:0}.used{color:red}.unused{color:blue}.used,.unused{top:0}' +
      '@media (min-width:1px){.unused{left:0}}@keyframes spin{to{transform:rotate(1turn)}}' +
      '[data-bs-theme=dark]{color:#fff}.used.show:not(.unused),.used.unused{transform:none}';
    const out = purged(css, keep);
    expect(out).toContain(':root{--bs-x:1}');
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('.used{color:red}');
    expect(out).toContain('.used{top:0}');
    expect(out).not.toContain('.unused{');
    expect(out).not.toContain('@media');
    expect(out).toContain('@keyframes spin');
    expect(out).not.toContain('data-bs-theme');
    // a class in a negation is not required: the offcanvas shows with .show:not(.hiding)
    expect(out).toContain('.used.show:not(.unused){transform:none}');
  });
});
