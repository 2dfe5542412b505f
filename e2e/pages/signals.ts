// Page object of the signal form (/signalement/signaler): filled as a user does (category,
// description, address and coordinates) without sending it.
import { expect, type Locator, type Page } from '@playwright/test';

export class SignalForm {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Envoyer le signalement' });
  }

  /**
   * Forms nested in another form (invalid HTML: the inner one's Enter would submit the outer one).
   * A form without an accessible name has no role, so the check reads the markup.
   */
  get nestedForms(): Locator {
    return this.page.locator('form form');
  }

  /** Fills the form: category Propreté, this description, an address in Dijon and its coordinates. */
  async fill(description: string): Promise<void> {
    await expect(this.heading).toHaveText('Signaler');
    await this.page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
    await this.page.getByLabel('Description').fill(description);
    await this.page.getByLabel('Adresse', { exact: true }).fill('12 rue Monge, 21000 Dijon');
    await this.page.getByLabel('Latitude').fill('47.318');
    await this.page.getByLabel('Longitude').fill('5.035');
  }
}

/** The signal form of the page filled with this description (see SignalForm.fill). */
export async function fillSignal(page: Page, description: string): Promise<void> {
  await new SignalForm(page).fill(description);
}
