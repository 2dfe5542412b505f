// Page object of a request draft (/demande/nouvelle-demande/{id}): its fields, what it says of the
// autosave (waiting, saving, saved at, failed), and Réessayer. Getters return Locators, actions are async.
import { expect, type Locator, type Page } from '@playwright/test';

export class RequestDraftForm {
  constructor(readonly page: Page) {}

  /** 'Objet'. */
  get subject(): Locator {
    return this.page.getByLabel('Objet');
  }

  /** 'Brouillon enregistré à …'. */
  get saved(): Locator {
    return this.page.getByText(/Brouillon enregistré à/);
  }

  /** 'Enregistrement du brouillon…'. */
  get saving(): Locator {
    return this.page.getByText(/Enregistrement du brouillon/);
  }

  /** What the draft says once it has taken a change: waiting, saving or saved (no longer its help text). */
  get changeTaken(): Locator {
    return this.page.getByText(
      /Modifications non enregistrées|Enregistrement du brouillon|Brouillon enregistré à/,
    );
  }

  /** The alert of a failed autosave. */
  get failure(): Locator {
    return this.page.getByRole('alert').filter({ hasText: "Le brouillon n'a pas pu être enregistré." });
  }

  get retryButton(): Locator {
    return this.page.getByRole('button', { name: 'Réessayer' });
  }

  /** From /demande/nouvelle-demande: picks the request type, the draft opens; its id. */
  async start(type: string): Promise<number> {
    await this.page.getByRole('button', { name: `Choisir le type ${type}` }).click();
    await expect(this.page).toHaveURL(/\/demande\/nouvelle-demande\/\d+$/);
    await expect(this.subject).toBeVisible();
    return Number(this.page.url().split('/').pop());
  }
}
