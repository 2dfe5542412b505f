// On a phone (390 x 844) a list's rows are cards: each value beside its column's name, the row's
// actions in view, no sideways scrolling; the calendar's month shows its seven days.
import { test, expect, PagedList } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 390, height: 844 };

for (const [tab, action] of [
  ['utilisateurs', /^Supprimer|^Retirer|^Modifier/],
  ['organisations', /^Supprimer|^Modifier/],
] as const) {
  test(`the ${tab} list on a phone: rows as cards, their actions in view`, async ({ page, signInAs }) => {
    await page.setViewportSize(PHONE);
    await signInAs('contract-admin', `/gestion-territoriale#${tab}`);
    const list = new PagedList(page);
    const first = list.rows.first();
    await expect(first).toBeVisible();
    // every cell of the card is within the screen, its label beside it
    const cells = first.getByRole('cell');
    for (const cell of await cells.all()) {
      const box = await cell.boundingBox();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    const buttons = first.getByRole('button', { name: action });
    await expect(buttons.first()).toBeVisible();
    for (const button of await buttons.all()) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    // a card is a short block, not a tall narrow row
    const box = await first.boundingBox();
    expect(box?.width).toBeGreaterThan(PHONE.width * 0.8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // the column names head their values
    const header = (await list.columnHeaders.first().textContent())?.trim() ?? '';
    expect(await cells.first().evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain(
      JSON.stringify(header),
    );
  });
}

test('the calendar month on a phone shows its seven days', async ({ page, signInAs }) => {
  await page.setViewportSize(PHONE);
  await signInAs('calendar-user', '/calendrier/1');
  const grid = page.getByRole('table');
  await expect(grid).toBeVisible();
  const days = grid.getByRole('columnheader');
  await expect(days).toHaveCount(7);
  for (const day of await days.all()) await expect(day).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
