// Moving and resizing widgets without dragging (WCAG 2.5.7): each widget's
// layout menu, the keyboard alone; the change saved (kept after a reload) and announced; a reset
// back to the default layout.
import { expect, shownWidgets, test } from './dashboard-fixtures.ts';

test.describe.configure({ timeout: 60_000 });

test('a widget moves and shrinks with the keyboard alone, the change is announced, kept, and reset', async ({
  toasts,
  page,
  signInAs,
  dashboard,
  mock,
  axe,
}) => {
  // the persona's widgets as its screen picks them; the test needs two to swap
  const count = (await shownWidgets(mock, 'opot-agent')).length;
  expect(count).toBeGreaterThanOrEqual(2);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signInAs('opot-agent');
  await expect(dashboard.widgetTitles).toHaveCount(count);
  await expect.poll(() => dashboard.readingOrder()).toHaveLength(count);
  const [first, second, ...rest] = await dashboard.readingOrder();

  const menu = page.getByRole('button', { name: `${first} : disposition` });
  await menu.focus();
  await page.keyboard.press('Enter');
  const after = page.getByRole('button', { name: 'Déplacer après' });
  await after.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${first} : position 2 sur ${count}.`)).toBeAttached();
  await expect.poll(() => dashboard.readingOrder()).toEqual([second, first, ...rest]);
  await axe();

  const card = dashboard.widget(first ?? '');
  const before = (await card.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Rétrécir' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(new RegExp(`^${first} : \\d+ colonnes sur \\d+, \\d+ rangées\\.$`)),
  ).toBeAttached();
  await expect.poll(async () => (await card.boundingBox())?.width ?? 0).toBeLessThan(before);
  await page.keyboard.press('Escape');

  // saved: the same order after a reload
  await page.reload();
  await expect(dashboard.widgetTitles).toHaveCount(count);
  await expect.poll(() => dashboard.readingOrder()).toEqual([second, first, ...rest]);

  await page.getByRole('button', { name: 'Réinitialiser la disposition' }).click();
  await expect(toasts.success).toHaveText('La disposition par défaut des widgets est rétablie.');
  await expect.poll(() => dashboard.readingOrder()).toEqual([first, second, ...rest]);
});
