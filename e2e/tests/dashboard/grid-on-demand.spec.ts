// The dashboard's grid library on demand: the home page draws its widgets
// with CSS grid and loads react-grid-layout only when the user starts to rearrange them (the mouse
// over a widget's header fetches it, the first press there lets it take over); the widgets do not
// move when it takes over, and a drag begun before it arrived is the drag the grid makes.
import type { Page } from '@playwright/test';
import { expect, shownWidgets, test } from './dashboard-fixtures.ts';

test.describe.configure({ timeout: 60_000 });

const GRID_LIBRARY = /interactive-grid/;

/** Each widget's box, by title. */
async function boxes(page: Page): Promise<Map<string, { x: number; y: number; w: number; h: number }>> {
  const cards = page.locator('section.widget-card');
  const out = new Map<string, { x: number; y: number; w: number; h: number }>();
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const box = await card.boundingBox();
    if (!box) throw new Error('a widget is not laid out');
    out.set((await card.locator('h2').innerText()).trim(), {
      x: box.x,
      y: box.y,
      w: box.width,
      h: box.height,
    });
  }
  return out;
}

for (const width of [1400, 1000, 600]) {
  test(`at ${width} px the library loads on the first press, every widget staying where it was`, async ({
    page,
    signInAs,
    dashboard,
    mock,
  }) => {
    const widgets = (await shownWidgets(mock, 'dashboard-all')).length;
    const requested: string[] = [];
    page.on('request', (request) => {
      if (GRID_LIBRARY.test(request.url())) requested.push(request.url());
    });
    await page.setViewportSize({ width, height: 1000 });
    await signInAs('dashboard-all');
    await expect(dashboard.widgetTitles).toHaveCount(widgets);
    await expect(
      dashboard
        .widget('Signalements')
        .getByText(/signalement/)
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    const before = await boxes(page);

    // a press (without moving) on a header: the library takes over
    const handle = dashboard.handle('Signalements');
    await handle.hover({ position: { x: 10, y: 10 } });
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    await page.mouse.down();
    await page.mouse.up();
    await expect(dashboard.grid.locator('.react-grid-item[data-grid-item]')).toHaveCount(widgets);
    const after = await boxes(page);
    for (const [title, box] of before) {
      const now = after.get(title);
      expect(now, title).toBeDefined();
      for (const key of ['x', 'y', 'w', 'h'] as const) {
        expect(Math.abs((now?.[key] ?? NaN) - box[key]), `${title} ${key}`).toBeLessThanOrEqual(1);
      }
    }
  });
}

test('a drag begun before the library arrived moves the widget, saved', async ({
  page,
  signInAs,
  dashboard,
  mock,
}) => {
  // the library arrives two seconds after it is asked for
  await page.route(GRID_LIBRARY, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const widgets = (await shownWidgets(mock, 'signal-agent')).length;
  await signInAs('signal-agent');
  const moved = dashboard.widget('Catégories les plus signalées');
  await expect(moved).toBeVisible();
  const before = await moved.boundingBox();
  await dashboard.drag('Catégories les plus signalées', 'Signalements');
  await expect(dashboard.grid.locator('.react-grid-item[data-grid-item]')).toHaveCount(widgets);
  await expect
    .poll(
      async () =>
        (await mock.journal({ path: '/api/user/portal/*/configuration**' })).filter((e) => e.method !== 'GET')
          .length,
    )
    .toBeGreaterThan(0);
  await expect.poll(async () => (await moved.boundingBox())?.y).toBeLessThan(before?.y ?? 0);
});

test('a drag held while the library arrives goes on with it', async ({ page, signInAs, dashboard, mock }) => {
  await page.route(GRID_LIBRARY, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const widgets = (await shownWidgets(mock, 'signal-agent')).length;
  await signInAs('signal-agent');
  const moved = dashboard.widget('Catégories les plus signalées');
  await expect(moved).toBeVisible();
  const before = await moved.boundingBox();
  const from = await dashboard.handle('Catégories les plus signalées').boundingBox();
  const to = await dashboard.handle('Signalements').boundingBox();
  if (!before || !from || !to) throw new Error('widgets not visible');
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2 + 10, { steps: 5 });
  // still held when the library takes over
  await expect(dashboard.grid.locator('.react-grid-item[data-grid-item]')).toHaveCount(widgets);
  await page.mouse.move(to.x + 20, to.y + 5, { steps: 20 });
  await page.mouse.up();
  await expect
    .poll(
      async () =>
        (await mock.journal({ path: '/api/user/portal/*/configuration**' })).filter((e) => e.method !== 'GET')
          .length,
    )
    .toBeGreaterThan(0);
  await expect.poll(async () => (await moved.boundingBox())?.y).toBeLessThan(before.y);
});
