import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { PARTS, partsFor, splitParts } from './bootstrap-parts.ts';
import { pruneCustomProperties, UNUSED_FAMILIES } from './purge-css.ts';

describe("Bootstrap's component rules cut into parts", () => {
  it('moves a component’s rules, @media included, and leaves the common ones', () => {
    const root = postcss.parse(
      ':root{--bs-x:1}.btn{color:red}.modal{display:none}.modal-dialog{margin:0}' +
        '@media (min-width:576px){.modal-dialog{max-width:500px}.btn{padding:0}}' +
        '.form-control{border:1px solid}.card>.list-group{border:0}',
    );
    const parts = splitParts(root);
    expect(root.toString()).toBe(':root{--bs-x:1}.btn{color:red}@media (min-width:576px){.btn{padding:0}}');
    expect(parts.get('modal')).toBe(
      '.modal{display:none}.modal-dialog{margin:0}@media (min-width:576px){.modal-dialog{max-width:500px}}',
    );
    expect(parts.get('forms')).toBe('.form-control{border:1px solid}');
    // a rule naming a common class and a part's class goes with the part: it needs both
    expect(parts.get('list-group')).toBe('.card>.list-group{border:0}');
    expect(parts.get('accordion')).toBe('');
  });

  it('keeps in the common sheet a rule one of whose selectors belongs to no part', () => {
    const root = postcss.parse('.btn,.modal-footer>.btn{margin:0}');
    const parts = splitParts(root);
    expect(root.toString()).toBe('.btn,.modal-footer>.btn{margin:0}');
    expect(parts.get('modal')).toBe('');
  });

  it('names the parts a module needs from its class words', () => {
    expect(partsFor(['modal', 'btn', 'd-flex'])).toEqual(['modal']);
    expect(partsFor(['form-control', 'table', 'page-link', 'tab-pane'])).toEqual([
      'forms',
      'tables',
      'pagination',
      'nav',
    ]);
    // a table alone does not bring the pagination's rules
    expect(partsFor(['table', 'table-hover'])).toEqual(['tables']);
    expect(partsFor(['navigation', 'tablet', 'formal'])).toEqual([]);
    expect(PARTS.map((part) => part.name)).toContain('tooltip');
  });
});

describe('the custom properties nothing reads', () => {
  it('drops global ones no rule or source names, and those only an unused one reads', () => {
    const root = postcss.parse(
      ':root{--bs-blue:#00f;--bs-primary:var(--bs-blue);--bs-pink:#f0f;--bs-gray:var(--bs-pink);--bs-set:1}' +
        '.btn{--bs-btn-bg:var(--bs-primary);background:var(--bs-btn-bg)}',
    );
    pruneCustomProperties(root, ["style.setProperty('--bs-set', '2')"]);
    expect(root.toString()).toBe(
      ':root{--bs-blue:#00f;--bs-primary:var(--bs-blue);--bs-set:1}' +
        '.btn{--bs-btn-bg:var(--bs-primary);background:var(--bs-btn-bg)}',
    );
  });
});

describe('the class families dropped as never used', () => {
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.(tsx?|css|html)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
    });
  const web = join(import.meta.dirname, '..') + '/';

  it('are named by no class of the portal (using one means taking it off the list)', () => {
    const offenders: string[] = [];
    for (const path of [...sourceFiles(join(web, 'src')), join(web, 'index.html')]) {
      const text = readFileSync(path, 'utf8');
      // class tokens: whitespace-separated words of the string literals and class attributes
      for (const literal of text.match(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g) ?? []) {
        for (const token of literal.slice(1, -1).split(/\s+/)) {
          const name = token.replace(/^\.|[{};,:].*$/g, '');
          if (UNUSED_FAMILIES.test(name)) offenders.push(`${path.slice(web.length)}: ${name}`);
        }
      }
      for (const selector of text.match(/\.[A-Za-z][\w-]*(?=[^}]*\{)/g) ?? []) {
        if (path.endsWith('.css') && UNUSED_FAMILIES.test(selector.slice(1)))
          offenders.push(`${path.slice(web.length)}: ${selector}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(UNUSED_FAMILIES.test('link-primary')).toBe(true);
    expect(UNUSED_FAMILIES.test('link-body-emphasis')).toBe(false);
    expect(UNUSED_FAMILIES.test('table-sm')).toBe(false);
  });
});
