// Each widget's chart fits its card at every width (no axis or bar cut by the card's fixed
// height); the layout button of each card is visible against the card's header (WCAG 1.4.11:
// 3:1 for a control); the layout actions that would change nothing are disabled.
import { expect, shownWidgets, test } from './dashboard-fixtures.ts';

test.describe.configure({ timeout: 90_000 });

for (const [width, height] of [
  [1400, 1000],
  [390, 844],
] as const) {
  test(`at ${width} px every chart lies within its card`, async ({ page, signInAs, dashboard, mock }) => {
    await page.setViewportSize({ width, height });
    await signInAs('dashboard-all');
    await expect(dashboard.widgetTitles).toHaveCount((await shownWidgets(mock, 'dashboard-all')).length);
    const charts = dashboard.charts;
    await expect(charts.first()).toBeVisible();
    // every widget with a chart has drawn it (each is scrolled into view: bodies out of view are not laid out)
    const titles = await dashboard.widgetTitles.allInnerTexts();
    const cut: string[] = [];
    let drawn = 0;
    for (const title of titles) {
      const card = dashboard.widget(title.trim());
      await card.scrollIntoViewIfNeeded();
      const cardBox = await card.boundingBox();
      for (const chart of await card.getByRole('img').all()) {
        const svg = await dashboard.chartDrawing(chart).boundingBox();
        if (!svg || !cardBox) continue;
        drawn += 1;
        const inside =
          svg.x >= cardBox.x - 1 &&
          svg.y >= cardBox.y - 1 &&
          svg.x + svg.width <= cardBox.x + cardBox.width + 1 &&
          svg.y + svg.height <= cardBox.y + cardBox.height + 1;
        if (!inside) cut.push(`${title.trim()}: ${JSON.stringify(svg)} in ${JSON.stringify(cardBox)}`);
      }
    }
    expect(drawn).toBeGreaterThan(4);
    expect(cut).toEqual([]);
  });
}

/** The WCAG contrast ratio of two CSS colours (rgb or rgba, opaque). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

test("the layout button stands out of the card's header; actions that change nothing are disabled", async ({
  page,
  signInAs,
  dashboard,
  mock,
}) => {
  const titles = await shownWidgets(mock, 'opot-agent');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signInAs('opot-agent');
  await expect(dashboard.widgetTitles).toHaveCount(titles.length);
  const order = await dashboard.readingOrder();
  const first = order[0]!;
  const last = order[order.length - 1]!;

  const button = dashboard.layoutButton(first);
  const colors = await dashboard.colorsOf(button);
  expect(contrast(colors.color, colors.background), 'glyph').toBeGreaterThanOrEqual(3);
  expect(contrast(colors.border, colors.background), 'border').toBeGreaterThanOrEqual(3);

  await button.click();
  await expect(page.getByRole('button', { name: 'Déplacer avant' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Déplacer après' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await dashboard.layoutButton(last).click();
  await expect(page.getByRole('button', { name: 'Déplacer après' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Déplacer avant' })).toBeEnabled();
  // widened to the full width, Élargir is disabled; then narrowed down to the minimum, Rétrécir
  const wider = page.getByRole('button', { name: 'Élargir' });
  // one press per column (Enter on a disabled action does nothing): 12 reach either end
  const pressTimes = async (action: typeof wider) => {
    await action.focus();
    for (let k = 0; k < 12; k++) {
      await page.keyboard.press('Enter');
      await expect(page.getByText(/colonnes sur/)).toBeAttached();
    }
  };
  await pressTimes(wider);
  await expect(wider).toBeDisabled();
  const gridWidth = (await dashboard.grid.boundingBox())?.width ?? 0;
  const cardWidth = async () => Math.round((await dashboard.widget(last).boundingBox())?.width ?? 0);
  await expect.poll(cardWidth).toBe(Math.round(gridWidth));
  // still focusable (aria-disabled), and Enter on it changes nothing
  await wider.focus();
  await page.keyboard.press('Enter');
  await expect.poll(cardWidth).toBe(Math.round(gridWidth));
  const narrower = page.getByRole('button', { name: 'Rétrécir' });
  await pressTimes(narrower);
  await expect(narrower).toBeDisabled();
  await expect(wider).toBeEnabled();
});
