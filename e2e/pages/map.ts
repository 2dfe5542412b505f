// Page object of a map (web/src/components/map): a region named by what it shows, drawn by Leaflet.
// What a test checks of the drawing (the markers and zones, the tiles, a popup, the centre and zoom
// the map reports) are Leaflet's own elements, without roles: they are found here by Leaflet's
// classes and by the data attributes the portal's map sets, and nowhere in a spec.
import type { Locator, Page } from '@playwright/test';

export class MapView {
  /** The map region of this name, or the first map of the page. */
  readonly root: Locator;

  constructor(
    readonly page: Page,
    name?: string,
  ) {
    this.root = name === undefined ? page.locator('.map-view').first() : page.getByRole('region', { name });
  }

  /**
   * Opens a map that loads when the user asks for it (a form's location, a detail's zone): its
   * button, in a box of the map's size, gives way to the map.
   */
  async open(): Promise<void> {
    await this.root.getByRole('button', { name: 'Afficher la carte' }).click();
    await this.surface.waitFor();
  }

  /** Leaflet's container: the surface a user clicks, which reports its centre and zoom. */
  get surface(): Locator {
    return this.root.locator('.leaflet-container').first();
  }

  /** The markers and zones a user can click (Leaflet's interactive paths). */
  get markers(): Locator {
    return this.root.locator('path.leaflet-interactive');
  }

  /** The shapes drawn over the map (zones, areas), whatever their colour. */
  get shapes(): Locator {
    return this.root.locator('.leaflet-overlay-pane path');
  }

  /** The shapes drawn in this stroke colour ('#d63384'). */
  shapesOfColour(stroke: string): Locator {
    return this.root.locator(`.leaflet-overlay-pane path[stroke="${stroke}"]`);
  }

  /** The map tiles drawn so far. */
  get loadedTiles(): Locator {
    return this.root.locator('img.leaflet-tile-loaded');
  }

  /** The open popup's content. */
  get popup(): Locator {
    return this.root.locator('.leaflet-popup-content');
  }

  /** The open popup's title (its bold first line). */
  get popupTitle(): Locator {
    return this.popup.locator('strong');
  }

  /** The elements of the map carrying this title (Leaflet's attribution link, in its language). */
  titled(title: string): Locator {
    return this.root.locator(`[title="${title}"]`);
  }

  /** What the address search under the map says (none found). */
  get status(): Locator {
    return this.root.getByRole('status');
  }

  /** What the address search under the map says when it failed. */
  get alert(): Locator {
    return this.root.getByRole('alert');
  }

  /** The centre the map shows, as it reports it (data-center, "lat,lng"). */
  async center(): Promise<{ lat: number; lng: number }> {
    const center = await this.surface.getAttribute('data-center');
    const [lat, lng] = (center ?? '').split(',').map(Number);
    return { lat: lat ?? NaN, lng: lng ?? NaN };
  }

  /** The zoom the map shows, as it reports it (data-zoom). */
  async zoom(): Promise<number> {
    return Number(await this.surface.getAttribute('data-zoom'));
  }

  /** A click on the map at this point of its surface. */
  async clickAt(x: number, y: number): Promise<void> {
    await this.surface.click({ position: { x, y } });
  }
}
