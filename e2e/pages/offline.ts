// Page objects of the offline portal (docs/offline.md): the device's network, and /signalement and
// /signalement/signaler as a field agent uses them with or without network.
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { solidPng } from '../fixtures/png.ts';

/** The device's network: off for the page and for the service worker's own fetches alike. */
export class Device {
  private offline = false;
  constructor(readonly context: BrowserContext) {}

  async goOffline(): Promise<void> {
    this.offline = true;
    await this.context.setOffline(true);
    // setOffline may not reach the service worker's own fetches: they are refused here too
    await this.context.route('**/*', (route) =>
      this.offline ? route.abort('internetdisconnected') : route.fallback(),
    );
  }

  async goOnline(): Promise<void> {
    this.offline = false;
    await this.context.unrouteAll({ behavior: 'ignoreErrors' });
    await this.context.setOffline(false);
  }

  /**
   * No report leaves the device for `ms`: no POST /api/signal goes out, from the page or from its
   * service worker (whose requests the context reports too), in that time. Waits on the request
   * that must not come, not on a fixed delay: a report sent fails at once.
   */
  async expectNoReportSent(ms: number): Promise<void> {
    const sent = this.context.waitForEvent('request', {
      predicate: (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/signal',
      timeout: ms,
    });
    await expect(sent).rejects.toThrow(/Timeout/);
  }
}

/** /signalement and /signalement/signaler as an agent uses them with or without network. */
export class ReportsPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** "En attente d'envoi" on /signalement. */
  get waiting(): Locator {
    return this.page.getByRole('region', { name: "En attente d'envoi" });
  }
  get waitingItems(): Locator {
    return this.waiting.getByRole('listitem');
  }
  get keptNotice(): Locator {
    return this.page.getByText("Enregistré sur l'appareil : sera envoyé au retour du réseau");
  }

  /** Waits until the service worker controls the page (installed: the whole build cached, on a busy machine too). */
  async waitForServiceWorker(): Promise<void> {
    await this.page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, {
      timeout: 60_000,
    });
  }

  async openList(): Promise<void> {
    await this.page.goto('/signalement');
    await expect(this.heading).toHaveText('Signalements');
  }

  /** The list, opened again: no report waits on the device. */
  async expectNothingWaiting(): Promise<void> {
    await this.openList();
    await expect(this.waiting).toBeHidden();
  }

  /**
   * Opens the report form from the list, and waits until it is there: the list has a "Catégorie"
   * filter too, which a step taken before the form shows would change instead (and its navigation
   * would cancel the form's).
   */
  async openForm(): Promise<void> {
    await this.page.getByRole('main').getByRole('link', { name: 'Signaler', exact: true }).click();
    await expect(this.heading).toHaveText('Signaler');
  }

  /** Fills and saves the report form, a photo attached (a small PNG by default); answers when the form has left. */
  async report(description: string, photo: Buffer = solidPng(64, 48, [200, 40, 40])) {
    await this.openForm();
    await this.page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
    await this.page.getByLabel('Description').fill(description);
    await this.page.getByLabel('Latitude').fill('47.318');
    await this.page.getByLabel('Longitude').fill('5.035');
    await this.page.getByLabel('Photos').setInputFiles({
      name: `${description}.png`,
      mimeType: 'image/png',
      buffer: photo,
    });
    await this.sendAgain();
  }

  /** A server failure of the form's send, said on the form, which stays (slow on a busy machine). */
  async expectServerErrorOnForm(): Promise<void> {
    await expect(this.page.getByText('Le serveur a rencontré une erreur.')).toBeVisible({ timeout: 30_000 });
  }

  /** The form's send, pressed again. */
  async sendAgain(): Promise<void> {
    await this.page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  }

  /** Opens the report form's map (it loads when the agent asks for it, offline from the worker's cache). */
  async openFormMap(): Promise<void> {
    await this.page
      .getByRole('region', { name: 'Carte de localisation du signalement' })
      .getByRole('button', { name: 'Afficher la carte' })
      .click();
  }

  /** The report form's map, where it writes its centre (`data-center`, 4 decimals) once it has moved. */
  get formMap(): Locator {
    return this.page
      .getByRole('region', { name: 'Carte de localisation du signalement' })
      .locator('.leaflet-container');
  }

  /** How many map tiles the report form's map has shown (loaded, not broken). */
  async loadedTiles(): Promise<number> {
    return this.formMap
      .locator('img.leaflet-tile-loaded')
      .evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length);
  }

  /** Another session on this device (the token of another sign-in): the list opened again with it. */
  async signInAgain(token: string): Promise<void> {
    await this.page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await this.page.reload();
    await expect(this.heading).toHaveText('Signalements');
  }

  /** Opens the list once with network, then the form: the worker keeps what they read. */
  async visitOnline(): Promise<void> {
    await this.waitForServiceWorker();
    await this.page.reload();
    await expect(this.heading).toHaveText('Signalements');
    const list = this.page.url();
    await this.openForm();
    await expect(this.page.getByLabel('Catégorie').getByRole('option', { name: 'Propreté' })).toBeAttached();
    // the list opened again by its address: Back can land before the form's entry on a busy machine
    await this.page.goto(list);
    await expect(this.heading).toHaveText('Signalements');
  }
}
