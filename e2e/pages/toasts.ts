// Page object of the portal's toasts: the short messages after a save, in two live regions.
import type { Locator, Page } from '@playwright/test';

export class Toasts {
  constructor(readonly page: Page) {}

  /** The failure toasts (assertive region). */
  get failures(): Locator {
    return this.page.locator('[aria-live="assertive"] [data-toast="danger"]');
  }

  /** The success toasts (polite region). */
  get successes(): Locator {
    return this.page.locator('[aria-live="polite"] [data-toast="success"]');
  }
}
