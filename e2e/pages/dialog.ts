// Page objects of a modal dialog and of the unsaved-changes question it may ask before closing:
// getters return Locators, actions are async.
import { expect, type Locator, type Page } from '@playwright/test';

export class Dialog {
  readonly root: Locator;

  /** The dialog of this accessible name (its title), or the only one open. */
  constructor(
    readonly page: Page,
    name?: string | RegExp,
  ) {
    this.root = name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
  }

  get heading(): Locator {
    return this.root.getByRole('heading').first();
  }

  /**
   * The dialog's box and the layer holding it (Bootstrap's .modal-content and .modal), whose styles
   * a test checks: neither has a role of its own.
   */
  get content(): Locator {
    return this.root.locator('.modal-content');
  }
  get layer(): Locator {
    return this.page.locator('.modal').first();
  }

  /** A field by its label. */
  field(label: string | RegExp): Locator {
    return this.root.getByLabel(label);
  }

  button(name: string | RegExp, exact = false): Locator {
    return this.root.getByRole('button', { name, exact });
  }

  /** The dialog's error (or other) alert. */
  get alert(): Locator {
    return this.root.getByRole('alert');
  }

  text(text: string | RegExp, exact = false): Locator {
    return this.root.getByText(text, { exact });
  }

  async save(): Promise<void> {
    await this.button('Enregistrer', true).click();
  }

  async cancel(): Promise<void> {
    await this.button('Annuler', true).click();
  }

  /** The close cross of the header ('Fermer'). */
  async close(): Promise<void> {
    await this.button('Fermer', true).first().click();
  }

  async expectHidden(): Promise<void> {
    await expect(this.root).toBeHidden();
  }
}

/** 'Quitter sans enregistrer ?': what a form or a wizard holding changes asks before it closes or leaves. */
export class UnsavedChangesQuestion extends Dialog {
  constructor(page: Page) {
    super(page, 'Quitter sans enregistrer ?');
  }

  /** Drops the changes and goes. */
  async leave(): Promise<void> {
    await this.button('Quitter sans enregistrer', true).click();
  }

  /** Stays in the wizard or the dialog ('Continuer la saisie'). */
  async keepEditing(): Promise<void> {
    await this.button('Continuer la saisie', true).click();
  }

  /** Stays on the page ('Rester sur la page'). */
  async stay(): Promise<void> {
    await this.button('Rester sur la page', true).click();
  }
}
