// The 'Cycle de l'eau' widget keeps both its axes at a desk's size (1400 × 900): its value labels
// and its date labels are drawn, readable and within the card (none lost to the card's height).
import { expect, test } from './dashboard-fixtures.ts';

test.use({ viewport: { width: 1400, height: 900 } });

test("Cycle de l'eau keeps its value and date axes at 1400 × 900", async ({ signInAs, dashboard }) => {
  await signInAs('dashboard-all');
  const title = "Cycle de l'eau";
  const card = dashboard.widget(title);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('img').first()).toBeVisible();
  const cardBox = await card.boundingBox();
  expect(cardBox).not.toBeNull();
  for (const axis of ['y', 'x'] as const) {
    const labels = dashboard.axisLabels(title, axis);
    await expect(labels.first()).toBeVisible();
    expect(await labels.count(), `the ${axis} axis has at least two labels`).toBeGreaterThanOrEqual(2);
    for (const label of await labels.all()) {
      await expect(label).not.toHaveText('');
      const box = await label.boundingBox();
      expect(box, `a ${axis} label is drawn`).not.toBeNull();
      if (!box || !cardBox) continue;
      expect(box.width).toBeGreaterThan(0);
      expect(
        box.y + box.height,
        `the ${axis} label "${await label.textContent()}" within the card`,
      ).toBeLessThanOrEqual(cardBox.y + cardBox.height + 1);
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1);
    }
  }
});
