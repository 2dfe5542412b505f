import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { correctBounds, verticalCompactor } from 'react-grid-layout/core';
import type { Widget } from '@portal/contract';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import { breakpointOf, buildLayouts, defaultSize, shownLayouts } from './layout';

const widget = (id: string, width: number, height: number, extra: Partial<Widget> = {}): Widget => ({
  id,
  family: 'f',
  label: id,
  service: 'S',
  type: 't',
  data: [],
  width,
  height,
  role: 'ROLE_USER',
  ...extra,
});

describe('widget sizes: the catalogue widths are out of 6', () => {
  it('a full-width widget spans the 12 columns of a wide screen, a half one 6', () => {
    expect(defaultSize(widget('full', 6, 2), 'lg')).toEqual({ w: 12, h: 2 });
    expect(defaultSize(widget('half', 3, 4), 'lg')).toEqual({ w: 6, h: 4 });
  });

  it('uses the medium and phone widths, full width on a phone by default', () => {
    expect(defaultSize(widget('a', 3, 2, { mdWidth: 6 }), 'md')).toEqual({ w: 6, h: 2 });
    expect(defaultSize(widget('b', 3, 2), 'md')).toEqual({ w: 3, h: 2 });
    expect(defaultSize(widget('c', 3, 2), 'xs')).toEqual({ w: 3, h: 2 });
    expect(defaultSize(widget('d', 6, 2, { xsWidth: 3 }), 'xs')).toEqual({ w: 2, h: 2 });
  });

  it('never goes under the minimum size nor over the grid', () => {
    expect(defaultSize(widget('tiny', 1, 1), 'lg')).toEqual({ w: 2, h: 2 });
    expect(defaultSize(widget('huge', 9, 2), 'lg')).toEqual({ w: 12, h: 2 });
  });

  it('flows fresh widgets in rows of 12 and keeps a saved layout as it was saved', () => {
    const widgets = [widget('a', 6, 2), widget('b', 3, 4), widget('c', 3, 2), widget('d', 3, 2)];
    const layouts = buildLayouts(widgets, {});
    expect(layouts.lg).toEqual([
      { i: 'a', x: 0, y: 0, w: 12, h: 2 },
      { i: 'b', x: 0, y: 2, w: 6, h: 4 },
      { i: 'c', x: 6, y: 2, w: 6, h: 2 },
      { i: 'd', x: 0, y: 6, w: 6, h: 2 },
    ]);
    expect(layouts.xs.every((item) => item.w === 3)).toBe(true);
    const saved = buildLayouts(widgets, { lg: [{ i: 'a', x: 0, y: 0, w: 6, h: 2 }] });
    expect(saved.lg[0]).toEqual({ i: 'a', x: 0, y: 0, w: 6, h: 2 });
  });

  it('picks the breakpoint of a width as the grid library does (over the threshold)', () => {
    expect(breakpointOf(1280)).toBe('lg');
    expect(breakpointOf(1201)).toBe('lg');
    expect(breakpointOf(1200)).toBe('md');
    expect(breakpointOf(900)).toBe('md');
    expect(breakpointOf(768)).toBe('xs');
    expect(breakpointOf(390)).toBe('xs');
  });
});

describe('the places the static grid draws: those of react-grid-layout', () => {
  const widgets = [widget('a', 6, 3), widget('b', 3, 2), widget('c', 3, 2)];

  it('moves every widget up as far as it goes, in reading order', () => {
    // 'b' swapped before 'a' by the layout menu: 'a' rises to just under 'b', 'c' beside 'b' but
    // not past 'a', which spans the grid
    const layouts = buildLayouts(widgets, {
      lg: [
        { i: 'a', x: 0, y: 2, w: 12, h: 3 },
        { i: 'b', x: 0, y: 0, w: 6, h: 2 },
        { i: 'c', x: 6, y: 9, w: 6, h: 2 },
      ],
    });
    expect(shownLayouts(widgets, layouts).lg).toEqual([
      { i: 'a', x: 0, y: 2, w: 12, h: 3 },
      { i: 'b', x: 0, y: 0, w: 6, h: 2 },
      { i: 'c', x: 6, y: 5, w: 6, h: 2 },
    ]);
  });

  it('pushes an overlapping widget down and keeps every item within the columns', () => {
    const layouts = buildLayouts(widgets, {
      md: [
        { i: 'a', x: 0, y: 0, w: 6, h: 3 },
        { i: 'b', x: 4, y: 1, w: 4, h: 2 },
      ],
    });
    const md = shownLayouts(widgets, layouts).md;
    expect(md.find((item) => item.i === 'b')).toEqual({ i: 'b', x: 2, y: 3, w: 4, h: 2 });
    expect(md.every((item) => item.x + item.w <= DASHBOARD_GRID.cols.md)).toBe(true);
  });

  it('are those of the library itself on 500 random layouts', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const many = Array.from({ length: 8 }, (_, k) => widget(`w${k}`, 3, 2));
    for (let run = 0; run < 500; run++) {
      const shown = many.slice(0, 1 + random(many.length));
      const saved = Object.fromEntries(
        (['lg', 'md', 'xs'] as const).map((bp) => [
          bp,
          shown.map((w) => ({ i: w.id, x: random(14), y: random(12), w: 1 + random(13), h: 1 + random(5) })),
        ]),
      );
      const layouts = buildLayouts(shown, saved);
      const ours = shownLayouts(shown, layouts);
      for (const bp of ['lg', 'md', 'xs'] as const) {
        const cols = DASHBOARD_GRID.cols[bp];
        const theirs = verticalCompactor
          .compact(
            correctBounds(
              layouts[bp].map((item) => ({ ...item })),
              { cols },
            ),
            cols,
          )
          .map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
        expect(ours[bp]).toEqual(theirs);
      }
    }
  });

  it('uses the grid thresholds of the contract in its container queries', () => {
    const css = readFileSync(join(import.meta.dirname, 'dashboard-grid.css'), 'utf8');
    const thresholds = [...css.matchAll(/@container \(width > (\d+)px\)/g)].map((m) => Number(m[1]));
    expect(thresholds).toEqual([DASHBOARD_GRID.breakpoints.md, DASHBOARD_GRID.breakpoints.lg]);
  });
});
