// Page objects of the portal shell (header, side menu, breadcrumbs, main area) and of the document
// around it (title, language, theme class, favicon, manifest): getters return Locators, actions
// are async.
import { expect, type Locator, type Page } from '@playwright/test';

/** The landmarks every screen has: the header, the side menu and the main area. */
export class PortalPage {
  constructor(readonly page: Page) {}

  /** The header landmark (role banner). */
  get banner(): Locator {
    return this.page.getByRole('banner');
  }

  /** The side menu landmark (role navigation); the first one when there are several. */
  get navigation(): Locator {
    return this.page.getByRole('navigation').first();
  }

  /** The main content landmark. */
  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The page's title (its first level-1 heading). */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /**
   * The blocking error alerts of the page (a refused route, a failed load): Bootstrap's danger
   * alerts. Other alerts (a field's error, a warning) share the role, so the class tells them apart.
   */
  get dangerAlerts(): Locator {
    return this.page.locator('[role="alert"].alert-danger');
  }

  /**
   * The loading spinners left in the main area. A spinner is Bootstrap's .spinner-border: its
   * status role (when it has one) is shared with every other message of the page.
   */
  get spinners(): Locator {
    return this.page.locator('main .spinner-border');
  }

  /** The page has settled: its heading shows and no loading spinner is left in the main area. */
  async settled(timeout = 20_000): Promise<void> {
    await expect(this.heading.first()).toBeVisible({ timeout });
    await expect(this.spinners).toHaveCount(0, { timeout });
  }

  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
  }

  /** What the portal keeps in localStorage (token, refresh_token, realm, redirect_path, current_contract). */
  async storage(key: string): Promise<string | null> {
    return this.page.evaluate((k) => window.localStorage.getItem(k), key);
  }
}

/** The shell as a user works it: side menu, user and contract menus, breadcrumbs, theme. */
export class ShellPage extends PortalPage {
  get sideMenu(): Locator {
    return this.page.getByRole('navigation', { name: 'Menu principal' });
  }
  get loadingScreen(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Chargement' }).first();
  }
  get userMenuButton(): Locator {
    return this.banner.getByRole('button', { name: /Menu utilisateur/ });
  }
  get contractMenuButton(): Locator {
    return this.banner.getByRole('button', { name: /Contrat courant/ });
  }
  menuLink(name: string | RegExp): Locator {
    return this.sideMenu.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name });
  }
  /**
   * The visible labels of the side menu's entries (icons left out): the label is a span of its own
   * inside the link, which holds the icon too, so it is found by its class.
   */
  async menuLabels(): Promise<string[]> {
    return (await this.sideMenu.locator('.side-menu-label').allInnerTexts()).map((text) => text.trim());
  }
  /** The label of the entry of the page shown (aria-current has no role query of its own). */
  get currentMenuLabel(): Locator {
    return this.sideMenu.locator('[aria-current="page"] .side-menu-label');
  }
  /** The entries drawn as active (highlighted): the class is what the user sees. */
  get activeMenuLinks(): Locator {
    return this.sideMenu.locator('.side-menu-link.active');
  }
  get breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: "Fil d'Ariane" });
  }
  /** The breadcrumb of the page shown (aria-current has no role query of its own). */
  get currentCrumb(): Locator {
    return this.breadcrumbs.locator('[aria-current="page"]');
  }
  async openUserMenu(): Promise<void> {
    await this.userMenuButton.click();
  }
  async logout(): Promise<void> {
    await this.openUserMenu();
    await this.banner.getByRole('link', { name: 'Déconnexion' }).click();
  }
  async switchContract(label: string): Promise<void> {
    await this.contractMenuButton.click();
    await this.banner.getByRole('button', { name: label }).click();
  }
  async primaryColor(): Promise<string> {
    return this.banner.evaluate((el) => getComputedStyle(el).backgroundColor);
  }
}

/** The document around the portal: what the browser shows of it besides the page (no roles there). */
export class PortalDocument {
  constructor(readonly page: Page) {}

  /** <html>: its lang attribute. */
  get root(): Locator {
    return this.page.locator('html');
  }
  /** <body>: its theme class. */
  get body(): Locator {
    return this.page.locator('body');
  }
  /** The favicon's address, as written in the page. */
  async favicon(): Promise<string | null> {
    return this.page.locator('link[rel~="icon"]').getAttribute('href');
  }
  /** The favicon's address as the browser resolves it (absolute; '' without one). */
  async faviconUrl(): Promise<string> {
    return this.page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? '');
  }
  /** The web app manifest's address. */
  async manifest(): Promise<string | null> {
    return this.page.locator('link[rel="manifest"]').getAttribute('href');
  }
}

/** A legal page's text written by the contract (HTML it supplies, sanitised before it shows). */
export class LegalText {
  readonly root: Locator;
  constructor(page: Page, holding: string) {
    // the supplied HTML has no landmark of its own: its container is found by its class
    this.root = page.locator('.legal-html').filter({ hasText: holding });
  }
  get scripts(): Locator {
    return this.root.locator('script');
  }
  get images(): Locator {
    return this.root.locator('img');
  }
}
