// Page object of the portal's toasts: the short messages after a save, in two live regions.
// A toast has no role of its own (the regions are live by attribute alone, so that no page gets one
// more 'status' or 'alert' landmark: components/ui/toaster.tsx), hence the attribute selectors.
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

  /** Every success toast, wherever it shows. */
  get success(): Locator {
    return this.page.locator('[data-toast="success"]');
  }

  /** Every failure toast, wherever it shows. */
  get failure(): Locator {
    return this.page.locator('[data-toast="danger"]');
  }

  /** The success toasts saying this. */
  saying(text: string | RegExp): Locator {
    return this.success.filter({ hasText: text });
  }

  /** The polite live regions holding a toast. */
  get politeRegionsWithToast(): Locator {
    return this.page.locator('[aria-live="polite"]').filter({ has: this.page.locator('[data-toast]') });
  }
}
