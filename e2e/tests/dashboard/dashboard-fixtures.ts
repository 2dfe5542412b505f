// Page objects of the dashboard screens, as fixtures (getters return Locators, actions are async).
import type { Locator, Page } from '@playwright/test';
import { USER_CONFIG } from '@portal/contract/constants';
import { widgetGranted } from '@portal/contract/permissions';
import { Dialog, expect as harnessExpect, test as harness, type MockClient } from '../../fixtures/index.ts';

export class DashboardPage {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('main');
  }
  get grid(): Locator {
    return this.main.locator('.dashboard-grid');
  }
  /** The widgets as items of the grid library (react-grid-layout). */
  get gridItems(): Locator {
    return this.grid.locator('.react-grid-item[data-grid-item]');
  }
  /** The widgets' titles, in the DOM order. */
  get widgetTitles(): Locator {
    return this.grid.getByRole('heading', { level: 2 });
  }
  widget(title: string): Locator {
    return this.grid.getByRole('region', { name: title, exact: true });
  }
  /** The charts of the grid: images drawn in SVG. */
  get charts(): Locator {
    return this.grid.getByRole('img').filter({ has: this.page.locator('svg') });
  }
  /** The drawing of a chart (its SVG). */
  chartDrawing(chart: Locator): Locator {
    return chart.locator('svg').first();
  }
  /** The layout menu button of a widget. */
  layoutButton(title: string): Locator {
    return this.widget(title).getByRole('button', { name: `${title} : disposition` });
  }
  /**
   * A control's text and border colours, and the colour it is drawn on: the backgrounds of it and
   * its ancestors laid over one another (a card header's is a translucent tint over the card).
   */
  async colorsOf(control: Locator): Promise<{ color: string; border: string; background: string }> {
    return control.evaluate((element) => {
      const rgba = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(node).backgroundColor);
        if (a > 0) layers.push([r, g, b, a]);
        if (a >= 1) break;
      }
      let [r, g, b] = [255, 255, 255];
      for (const [lr = 0, lg = 0, lb = 0, la = 1] of layers.reverse()) {
        [r, g, b] = [lr * la + r * (1 - la), lg * la + g * (1 - la), lb * la + b * (1 - la)];
      }
      const style = getComputedStyle(element);
      return { color: style.color, border: style.borderTopColor, background: `rgb(${r}, ${g}, ${b})` };
    });
  }
  /** The widget titles in reading order (top to bottom, left to right) as they sit on the grid. */
  async readingOrder(): Promise<string[]> {
    const placed: { title: string; x: number; y: number }[] = [];
    for (const title of await this.widgetTitles.allInnerTexts()) {
      const box = await this.widget(title.trim()).boundingBox();
      placed.push({ title: title.trim(), x: box?.x ?? 0, y: box?.y ?? 0 });
    }
    return placed.sort((a, b) => a.y - b.y || a.x - b.x).map((p) => p.title);
  }
  /** The drag handle of a widget: its header. */
  handle(title: string): Locator {
    return this.widget(title).locator('.widget-drag-handle');
  }
  /** Opens the widget preferences from the user menu: their dialog. */
  async openPreferences(): Promise<Dialog> {
    const banner = this.page.getByRole('banner');
    await banner.getByRole('button', { name: /Menu utilisateur/ }).click();
    await banner.getByRole('button', { name: 'Paramètres utilisateur' }).click();
    return new Dialog(this.page, 'Paramètres utilisateur');
  }
  /** Drags a widget by its header onto a point of another widget's header. */
  async drag(title: string, onto: string): Promise<void> {
    const from = await this.handle(title).boundingBox();
    const to = await this.handle(onto).boundingBox();
    if (!from || !to) throw new Error('widgets not visible');
    await this.page.mouse.move(from.x + 20, from.y + from.height / 2);
    await this.page.mouse.down();
    // several steps: the grid starts a drag after a few pixels and follows the pointer
    await this.page.mouse.move(from.x + 30, from.y + from.height / 2 + 10, { steps: 5 });
    await this.page.mouse.move(to.x + 20, to.y + 5, { steps: 20 });
    await this.page.mouse.up();
  }
}

/** The portal's code for the user configurations (the runtime configuration's siteCode, left at its default). */
const PORTAL_CODE = 'portal';

/**
 * The titles of the widgets a persona's home shows, in the catalogue's order, picked as the screen
 * picks them: the catalogue (GET /api/widget) as the persona gets it, the widgets its roles grant
 * (widgetGranted, the function the screen uses) less those its displayed_widgets configuration
 * switches off. The counts a test expects follow the scenario instead of being written in it.
 */
export async function shownWidgets(mock: MockClient, persona: string, contractId = 1): Promise<string[]> {
  const [catalogue, user, configurations] = await Promise.all([
    mock.getAs(persona, 'listWidgets'),
    mock.getAs(persona, 'tokenCheck'),
    mock.getAs(persona, 'listUserConfigurations', {
      params: { portalCode: PORTAL_CODE },
      query: { showDeleted: true },
    }),
  ]);
  const displayed = configurations.find((c) => c.code === USER_CONFIG.displayedWidgets && !c.deleted);
  const switches = displayed ? (JSON.parse(displayed.data) as Record<string, unknown>) : {};
  const switchedOff = (id: string) => id in switches && switches[id] !== true && switches[id] !== '1';
  return catalogue
    .filter((w) => widgetGranted(user, w, contractId) && !switchedOff(w.id))
    .map((w) => w.label);
}

/** A number as the portal writes it in French. */
export const fr = (value: number) => value.toLocaleString('fr-FR');

export const test = harness.extend<{ dashboard: DashboardPage }>({
  dashboard: async ({ page }, use) => {
    await use(new DashboardPage(page));
  },
});
/**
 * The harness's expect with a longer default wait: a dashboard is a dozen parallel calls and a lazy
 * grid and chart chunk, which take several seconds on a loaded machine.
 */
export const expect = harnessExpect.configure({ timeout: 20_000 });
