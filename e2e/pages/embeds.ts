// Page object of an embedded report or dashboard (Power BI, ThingsBoard): an iframe named by its
// title. A frame has no role to find it by, so it is found by its title attribute here.
import type { FrameLocator, Locator, Page } from '@playwright/test';

export class EmbeddedFrame {
  /** The frame whose title starts with this ('Rapport', 'Tableau de bord'). */
  constructor(
    readonly page: Page,
    readonly titleStart: string,
  ) {}

  /** The iframe element (its src carries the user token). */
  get element(): Locator {
    return this.page.locator(`iframe[title^="${this.titleStart}"]`);
  }

  /** What the frame shows. */
  get content(): FrameLocator {
    return this.page.frameLocator(`iframe[title^="${this.titleStart}"]`);
  }

  /** Every embedded frame of the page, whatever its title (one at a time, never two). */
  get allFrames(): Locator {
    return this.page.locator('iframe[data-embed="frame"]');
  }
}
