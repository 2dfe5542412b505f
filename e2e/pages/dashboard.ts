// Page object of the home dashboard (/): its grid of widgets, their figures and charts, the layout
// menu and the widget preferences. Getters return Locators, actions are async.
import { expect, type Locator, type Page } from '@playwright/test';
import { chartDrawing, chartLines } from './charts.ts';
import { Dialog } from './dialog.ts';

export class DashboardPage {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('main');
  }
  /** The grid of widgets: a layout container without a role. */
  get grid(): Locator {
    return this.main.locator('.dashboard-grid');
  }
  /** The widgets as items of the grid library (react-grid-layout): its cells, without a role. */
  get gridItems(): Locator {
    return this.grid.locator('.react-grid-item[data-grid-item]');
  }
  /**
   * Every widget card of the grid, whatever its name (each is a region named by its title; a
   * widget's content may hold regions too, so the card is found by its class).
   */
  get cards(): Locator {
    return this.grid.locator('section.widget-card');
  }
  /** Every widget of the page, cards and their stand-ins alike (the phone layout's check). */
  get everyWidget(): Locator {
    return this.page.locator('.widget, [data-widget]');
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
    return chartDrawing(chart);
  }
  /** The lines the charts of a widget draw: one per series. */
  chartLines(widget: Locator): Locator {
    return chartLines(widget.locator('.widget-chart'));
  }
  /** A widget's big figure ('1 234 signalements'): a paragraph styled as a figure, without a role. */
  figure(widget: Locator): Locator {
    return widget.locator('.widget-figure');
  }
  /** A widget's first sentence ('3 interventions en cours'). */
  lead(widget: Locator): Locator {
    return widget.getByRole('paragraph').first();
  }
  /** The scrolling body of a widget's card (its overflow is what a test checks). */
  body(widget: Locator): Locator {
    return widget.locator('.widget-body');
  }
  /** The grid cell holding a widget's card. */
  cell(widget: Locator): Locator {
    return widget.locator('xpath=..');
  }
  /**
   * The label -> figure pairs of a widget's list of counts, read as drawn: the widget is scrolled
   * into view first, as a reader would (the content of a widget out of view is not drawn). The
   * pairs are the definition list's rows (a div around each term and its figure, without a role).
   */
  async counts(widget: Locator): Promise<Record<string, string>> {
    await widget.scrollIntoViewIfNeeded();
    const rows = widget.locator('dl.widget-counts > div');
    await expect(rows.first().getByRole('term')).toHaveText(/\S/, { useInnerText: true });
    const pairs: Record<string, string> = {};
    for (const row of await rows.all()) {
      pairs[(await row.getByRole('term').innerText()).trim()] = (
        await row.getByRole('definition').innerText()
      ).trim();
    }
    return pairs;
  }
  /** The labels of a widget's chart axis: the values ('y') or the dates and months ('x'); SVG text has no role. */
  axisLabels(title: string, axis: 'x' | 'y'): Locator {
    return this.widget(title).locator(`.chart-axis-${axis} text`);
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
  /** The drag handle of a widget: its header (the grid library's handle, by its class). */
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
