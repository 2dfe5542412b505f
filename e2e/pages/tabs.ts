// Page object of a tab list (WAI-ARIA tabs): its tabs, the selected one, and the keys that move
// between them.
import { expect, type Locator, type Page } from '@playwright/test';

export class TabList {
  constructor(readonly page: Page) {}

  /** The tab list of the main landmark. */
  get list(): Locator {
    return this.page.getByRole('main').getByRole('tablist');
  }

  get tabs(): Locator {
    return this.list.getByRole('tab');
  }

  get selected(): Locator {
    return this.list.getByRole('tab', { selected: true });
  }

  /** Presses a key on the focused tab; then the tab `index` is the focused and selected one. */
  async press(key: string, index: number): Promise<void> {
    await this.page.keyboard.press(key);
    await this.expectCurrent(index);
  }

  /** Tab `index` has the focus, is selected, and is the only tab in the Tab order. */
  async expectCurrent(index: number): Promise<void> {
    const tab = this.tabs.nth(index);
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.selected).toHaveCount(1);
    await expect
      .poll(() => this.tabs.evaluateAll((tabs) => tabs.map((t) => (t as HTMLElement).tabIndex)))
      .toEqual(Array.from({ length: await this.tabs.count() }, (_, k) => (k === index ? 0 : -1)));
  }
}
