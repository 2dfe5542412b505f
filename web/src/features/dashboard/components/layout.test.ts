import { describe, expect, it } from 'vitest';
import type { Widget } from '@portal/contract';
import { buildLayouts, defaultSize } from './layout';

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
});
