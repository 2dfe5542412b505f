import { describe, expect, it } from 'vitest';
import {
  UNMAPPED,
  attributeBySource,
  decodeVlq,
  describeShares,
  groupOf,
  groupShares,
} from '../lib/attribution.ts';

describe('source map attribution', () => {
  it('decodes Base64 VLQ segments, negative and multi-digit numbers included', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('GCAA')).toEqual([3, 1, 0, 0]);
    expect(decodeVlq('D')).toEqual([-1]);
    expect(decodeVlq('gB')).toEqual([16]);
    expect(() => decodeVlq('A!')).toThrow('invalid VLQ character "!"');
    expect(() => decodeVlq('g')).toThrow('truncated VLQ segment');
  });

  it('gives each source the characters from its segment to the next one', () => {
    const code = 'aaabbb\ncc';
    // line 1: col 0 -> source 0, col 3 -> source 1; line 2: col 0 -> source 1 again
    const map = { sources: ['node_modules/react-dom/x.js', 'web/src/app.tsx'], mappings: 'AAAA,GCAA;AAAA' };
    const totals = attributeBySource(code, map);
    expect(totals.get('node_modules/react-dom/x.js')).toBe(3);
    expect(totals.get('web/src/app.tsx')).toBe(5);
    expect(totals.get(UNMAPPED)).toBe(1); // the newline
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(code.length);
  });

  it('counts code before the first segment and segments without a source as unmapped', () => {
    const totals = attributeBySource('xxaaa', { sources: ['a.ts'], mappings: 'EAAA' });
    expect(totals.get(UNMAPPED)).toBe(2);
    expect(totals.get('a.ts')).toBe(3);
    expect(attributeBySource('abc', { sources: [], mappings: 'A' }).get(UNMAPPED)).toBe(3);
  });

  it('groups sources by npm package, portal feature or workspace', () => {
    expect(groupOf('../../node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
    expect(groupOf('../node_modules/@tanstack/query-core/build/modern/query.js')).toBe(
      '@tanstack/query-core',
    );
    expect(groupOf('../node_modules/a/node_modules/b/index.js')).toBe('b');
    expect(groupOf('../../web/src/features/admin/components/list.tsx')).toBe('web/src/features/admin');
    expect(groupOf('../../web/src/lib/api/client.ts')).toBe('web/src/lib/api');
    expect(groupOf('../../web/src/main.tsx')).toBe('web/src/main.tsx');
    expect(groupOf('../../contract/src/routes.ts')).toBe('@portal/contract');
    expect(groupOf('\0vite/preload-helper.js')).toBe('(bundler runtime)');
  });

  it('ranks the groups of a chunk by share and describes them', () => {
    const bySource = new Map([
      ['../node_modules/react-dom/a.js', 600],
      ['../node_modules/react-dom/b.js', 100],
      ['../../web/src/features/home/grid.tsx', 200],
      [UNMAPPED, 100],
    ]);
    const shares = groupShares(bySource, 2);
    expect(shares).toEqual([
      { group: 'react-dom', chars: 700, share: 0.7 },
      { group: 'web/src/features/home', chars: 200, share: 0.2 },
    ]);
    expect(describeShares(shares)).toBe('react-dom 70%, web/src/features/home 20%');
    expect(groupShares(new Map())).toEqual([]);
  });
});
