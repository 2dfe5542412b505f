// Page objects of the portal shell, as fixtures (getters return Locators, actions are async).
import type { Locator, Page } from '@playwright/test';
import { test as harness } from '../../fixtures/index.ts';

export class ShellPage {
  constructor(readonly page: Page) {}

  get banner(): Locator {
    return this.page.getByRole('banner');
  }
  get sideMenu(): Locator {
    return this.page.getByRole('navigation', { name: 'Menu principal' });
  }
  get main(): Locator {
    return this.page.getByRole('main');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
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
  /** The visible labels of the side menu's entries (icons left out). */
  async menuLabels(): Promise<string[]> {
    return (await this.sideMenu.locator('.side-menu-label').allInnerTexts()).map((text) => text.trim());
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

export const test = harness.extend<{ shell: ShellPage }>({
  shell: async ({ page }, use) => {
    await use(new ShellPage(page));
  },
});
export { expect } from '../../fixtures/index.ts';
