// A tooltip shown by hovering its trigger.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Hovers a trigger until its tooltip shows; the tooltip. The tooltip's code may load on demand (the
 * territorial lists' is its own chunk): a hover that lands before it arrives meets a plain wrapper
 * and shows nothing, so the mouse leaves and hovers again until the tooltip is there.
 */
export async function showTooltip(page: Page, trigger: Locator): Promise<Locator> {
  const tooltip = page.getByRole('tooltip');
  await expect(trigger).toBeVisible();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await trigger.hover();
    await expect(tooltip).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return tooltip;
}
