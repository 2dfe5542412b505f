import { describe, expect, it } from 'vitest';
import { applyLayoutAction } from './widget-layout';

const grid = [
  { i: 'a', x: 0, y: 0, w: 6, h: 2 },
  { i: 'b', x: 6, y: 0, w: 6, h: 4 },
  { i: 'c', x: 0, y: 2, w: 4, h: 2 },
];
const item = (items: ReturnType<typeof applyLayoutAction>, id: string) => items?.find((it) => it.i === id);

describe('moving and resizing a widget without dragging', () => {
  it('moves a widget before or after its neighbour in reading order by swapping their places', () => {
    const after = applyLayoutAction(grid, 'a', 'after', 12);
    expect(item(after, 'a')).toMatchObject({ x: 6, y: 0 });
    expect(item(after, 'b')).toMatchObject({ x: 0, y: 0 });
    const before = applyLayoutAction(grid, 'c', 'before', 12);
    expect(item(before, 'c')).toMatchObject({ x: 6, y: 0 });
    expect(item(before, 'b')).toMatchObject({ x: 0, y: 2 });
    // nothing before the first, nothing after the last
    expect(applyLayoutAction(grid, 'a', 'before', 12)).toBeNull();
    expect(applyLayoutAction(grid, 'c', 'after', 12)).toBeNull();
  });

  it('resizes by one column or row, within the grid and the minimum size', () => {
    expect(item(applyLayoutAction(grid, 'c', 'wider', 12), 'c')).toMatchObject({ w: 5 });
    expect(item(applyLayoutAction(grid, 'b', 'wider', 12), 'b')).toMatchObject({ w: 7, x: 5 });
    expect(applyLayoutAction([{ i: 'f', x: 0, y: 0, w: 12, h: 2 }], 'f', 'wider', 12)).toBeNull();
    expect(applyLayoutAction([{ i: 's', x: 0, y: 0, w: 2, h: 2 }], 's', 'narrower', 12)).toBeNull();
    expect(applyLayoutAction([{ i: 's', x: 0, y: 0, w: 1, h: 2 }], 's', 'narrower', 1)).toBeNull();
    expect(item(applyLayoutAction(grid, 'b', 'shorter', 12), 'b')).toMatchObject({ h: 3 });
    expect(applyLayoutAction(grid, 'a', 'shorter', 12)).toBeNull();
    expect(item(applyLayoutAction(grid, 'a', 'taller', 12), 'a')).toMatchObject({ h: 3 });
  });
});
