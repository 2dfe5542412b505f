// Page object of an add wizard (a dialog with a stepper, Next / Previous / Validate, then a
// success screen): getters return Locators, actions are async.
import type { Locator, Page } from '@playwright/test';
import { Dialog } from './dialog.ts';

export class Wizard extends Dialog {
  constructor(page: Page, name: string | RegExp) {
    super(page, name);
  }

  /** The steps ('Étapes'), one list item each. */
  get steps(): Locator {
    return this.root.getByRole('navigation', { name: 'Étapes' }).getByRole('listitem');
  }

  /** The step shown now (aria-current="step"). */
  get currentStep(): Locator {
    return this.root.locator('[aria-current="step"]');
  }

  get nextButton(): Locator {
    return this.button('Suivant', true);
  }

  get previousButton(): Locator {
    return this.button('Précédent', true);
  }

  get validateButton(): Locator {
    return this.button('Valider', true);
  }

  /** The services configuration step's form. */
  get configurationForm(): Locator {
    return this.root.getByRole('form', { name: 'Configuration des services' });
  }

  /** The success screen's message ('L'exploitant a été créé.'). */
  success(message: string | RegExp): Locator {
    return this.root.getByRole('status').filter({ hasText: message });
  }

  /** A region of the wizard: a side of a dual list ('Compétences disponibles', 'Services sélectionnés'...). */
  region(name: string): Locator {
    return this.root.getByRole('region', { name });
  }

  /** The dual list's offered items of a region ('Zones disponibles', 'Services disponibles'...). */
  offered(region: string): Locator {
    return this.region(region).getByRole('button');
  }

  async next(times = 1): Promise<void> {
    for (let i = 0; i < times; i += 1) await this.nextButton.click();
  }

  async previous(): Promise<void> {
    await this.previousButton.click();
  }

  /** Validate: the last step's button (in the configuration form when the wizard has one). */
  async validate(): Promise<void> {
    await this.validateButton.click();
  }

  /** Adds an item of a dual list by its label ('Ajouter …'). */
  async add(label: string): Promise<void> {
    await this.button(`Ajouter ${label}`, true).click();
  }

  /** The success screen's 'Créer un nouveau' (or another label for starting over). */
  async startOver(label = 'Créer un nouveau'): Promise<void> {
    await this.button(label, true).click();
  }

  /** The success screen's own close button (the header's cross is the first 'Fermer'). */
  async closeSuccess(): Promise<void> {
    await this.button('Fermer', true).last().click();
  }
}
