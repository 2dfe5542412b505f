// The dashboard's grid is react-grid-layout from its first paint (the one layout engine): every
// widget is one of its items, at each width the widgets do not overlap and do not move once drawn,
// and dragging a widget by its header moves it and saves the layout. The grid's code (the library
// with it) loads only for a user who has widgets: see e2e/tests/shell/startup.spec.ts.
import type { Page } from '@playwright/test';
import { expect, shownWidgets, test } from './dashboard-fixtures.ts';

test.describe.configure({ timeout: 60_000 });

type Box = { x: number; y: number; w: number; h: number };

/** Each widget's box, by title. */
async function boxes(page: Page): Promise<Map<string, Box>> {
  const cards = page
    .getByRole('main')
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  const out = new Map<string, Box>();
  for (const card of await cards.all()) {
    const box = await card.boundingBox();
    const title = (await card.getByRole('heading', { level: 2 }).first().innerText()).trim();
    if (box) out.set(title, { x: box.x, y: box.y, w: box.width, h: box.height });
  }
  return out;
}

const overlap = (a: Box, b: Box) =>
  a.x + 1 < b.x + b.w && b.x + 1 < a.x + a.w && a.y + 1 < b.y + b.h && b.y + 1 < a.y + a.h;

for (const width of [1400, 1000, 600]) {
  test(`at ${width} px the widgets are the grid library's items from the start, apart and still`, async ({
    page,
    signInAs,
    dashboard,
    mock,
  }) => {
    const widgets = (await shownWidgets(mock, 'dashboard-all')).length;
    await page.setViewportSize({ width, height: 1000 });
    await signInAs('dashboard-all');
    await expect(dashboard.gridItems).toHaveCount(widgets);
    await expect(dashboard.widgetTitles).toHaveCount(widgets);
    const first = await boxes(page);
    await page.waitForLoadState('networkidle');
    await expect
      .poll(async () => {
        const now = await boxes(page);
        return [...first].filter(([title, box]) => {
          const later = now.get(title);
          return !later || (['x', 'y', 'w', 'h'] as const).some((k) => Math.abs(later[k] - box[k]) > 1);
        });
      })
      .toEqual([]);
    const all = [...first.values()];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) expect(overlap(all[i]!, all[j]!), `${i} ${j}`).toBe(false);
  });
}

test('a widget dragged by its header moves up, and the layout is saved', async ({
  signInAs,
  dashboard,
  mock,
}) => {
  const widgets = (await shownWidgets(mock, 'signal-agent')).length;
  await signInAs('signal-agent');
  await expect(dashboard.gridItems).toHaveCount(widgets);
  const moved = dashboard.widget('Catégories les plus signalées');
  await expect(moved).toBeVisible();
  const before = await moved.boundingBox();
  await dashboard.drag('Catégories les plus signalées', 'Signalements');
  await expect
    .poll(
      async () =>
        (await mock.journal({ path: '/api/user/portal/*/configuration**' })).filter((e) => e.method !== 'GET')
          .length,
    )
    .toBeGreaterThan(0);
  await expect.poll(async () => (await moved.boundingBox())?.y).toBeLessThan(before?.y ?? 0);
});
