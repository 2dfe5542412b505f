// Widget sizes: the catalogue's widths are out of 6, so a full-width widget spans
// the whole grid on a wide screen and a half one half of it; on a phone every widget takes the
// full width; a widget whose content is longer than its card scrolls inside it and never covers
// the widget below.
import { expect, test } from './dashboard-fixtures.ts';

test.describe.configure({ timeout: 60_000 });

interface SizeState {
  widgets: { id: string; label: string; width: number; role: string }[];
}

test('on a wide screen the widths are out of 6: full width spans the grid, half width half of it', async ({
  page,
  signInAs,
  dashboard,
  mock,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signInAs('dashboard-all');
  await expect(dashboard.widgetTitles.first()).toBeVisible();
  const { widgets } = await mock.exportState<SizeState>();
  const full = widgets.find((w) => w.id === 'signal-full');
  const half = widgets.find((w) => w.id === 'signal-condensed');
  if (!full || !half) throw new Error('the catalogue has the signal widgets');
  expect([full.width, half.width]).toEqual([6, 3]);

  const grid = await dashboard.grid.boundingBox();
  const fullBox = await dashboard.widget(full.label).boundingBox();
  const halfBox = await dashboard.widget(half.label).boundingBox();
  if (!grid || !fullBox || !halfBox) throw new Error('the grid and widgets are shown');
  expect(fullBox.width).toBeGreaterThan(grid.width - 4);
  // half the grid, less half a gutter (24 px)
  expect(Math.abs(halfBox.width - (grid.width - 24) / 2)).toBeLessThan(4);
});

test('on a phone every widget takes the full width, and long content scrolls inside its card', async ({
  page,
  signInAs,
  dashboard,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('dashboard-all');
  await expect(dashboard.widgetTitles.first()).toBeVisible();
  const grid = await dashboard.grid.boundingBox();
  if (!grid) throw new Error('the grid is shown');
  const cards = dashboard.cards;
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  const boxes = [];
  for (let i = 0; i < count; i++) {
    const box = await cards.nth(i).boundingBox();
    if (!box) throw new Error('a widget is not laid out');
    expect(Math.abs(box.width - grid.width)).toBeLessThan(4);
    boxes.push(box);
  }
  // no card overlaps another: each ends above the next one's top
  const sorted = boxes.sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i++) {
    const above = sorted[i - 1];
    const below = sorted[i];
    if (above && below) expect(above.y + above.height).toBeLessThanOrEqual(below.y + 1);
  }
  // the documents' notifications: their list scrolls within the card, which keeps its cell
  const notifications = dashboard.widget('Notifications de documents');
  await expect(notifications).toBeVisible();
  const body = dashboard.body(notifications);
  const overflow = await body.evaluate((element) => ({
    style: getComputedStyle(element).overflowY,
    fits: element.scrollHeight <= element.clientHeight || getComputedStyle(element).overflowY === 'auto',
  }));
  expect(overflow.style).toBe('auto');
  expect(overflow.fits).toBe(true);
  const card = await notifications.boundingBox();
  const cell = await dashboard.cell(notifications).boundingBox();
  if (!card || !cell) throw new Error('the widget is laid out');
  expect(card.y + card.height).toBeLessThanOrEqual(cell.y + cell.height + 1);
});
