// The offline portal's page objects and device, as fixtures (docs/offline.md). Each spec of this
// folder allows the service worker in its own browser contexts (the config blocks it elsewhere):
// `test.use({ serviceWorkers: 'allow' })` in the spec itself, since a helper module's top level
// runs once, for the first spec that imports it.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { test as harness, expect } from '../../fixtures/index.ts';
import { solidPng } from '../../fixtures/png.ts';

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

  /** Fills and saves the report form, a photo attached; answers when the form has left. */
  async report(description: string, photoColour: readonly [number, number, number] = [200, 40, 40]) {
    await this.page.getByRole('main').getByRole('link', { name: 'Signaler', exact: true }).click();
    await expect(this.heading).toHaveText('Signaler');
    await this.page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
    await this.page.getByLabel('Description').fill(description);
    await this.page.getByLabel('Latitude').fill('47.318');
    await this.page.getByLabel('Longitude').fill('5.035');
    await this.page.getByLabel('Photos').setInputFiles({
      name: `${description}.png`,
      mimeType: 'image/png',
      buffer: solidPng(64, 48, photoColour),
    });
    await this.page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  }

  /** Opens the list once with network, then the form: the worker keeps what they read. */
  async visitOnline(): Promise<void> {
    await this.waitForServiceWorker();
    await this.page.reload();
    await expect(this.heading).toHaveText('Signalements');
    await this.page.getByRole('main').getByRole('link', { name: 'Signaler', exact: true }).click();
    await expect(this.page.getByLabel('Catégorie').getByRole('option', { name: 'Propreté' })).toBeAttached();
    await this.page.goBack();
    await expect(this.heading).toHaveText('Signalements');
  }
}

export const test = harness.extend<{ device: Device; reports: ReportsPage }>({
  device: async ({ context }, use) => {
    await use(new Device(context));
  },
  reports: async ({ page }, use) => {
    await use(new ReportsPage(page));
  },
});
export { expect };
