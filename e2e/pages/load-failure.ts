// Page object of a read that failed, said in place (LoadFailure of the portal): the warning
// 'Une erreur est survenue lors du chargement des données.' with its 'Réessayer' button, and what
// must never show instead of it (the 'Oups !' page, a list said to be empty).
import { expect, type Locator, type Page } from '@playwright/test';

const LOADING_ERROR = 'Une erreur est survenue lors du chargement des données.';

/** What a screen says of data it read and found empty: never said of data it could not read. */
const EMPTY_TEXTS =
  /Aucune information disponible|Aucun résultat|Aucun élément disponible|Aucun contrat|Aucun événement|Aucun widget à afficher|Aucun rapport n'est configuré|Aucun tableau de bord n'est disponible/;

export class LoadFailureBox {
  /** Where the data shows: the main landmark, and a dialog open over it. */
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main').or(page.getByRole('dialog'));
  }

  /** The warnings of the main landmark and of an open dialog. */
  get message(): Locator {
    return this.main.getByRole('alert').filter({ hasText: LOADING_ERROR });
  }

  /** The first 'Réessayer' button there. */
  get retryButton(): Locator {
    return this.main.getByRole('button', { name: 'Réessayer' }).first();
  }

  /** The texts of an empty list or an empty screen. */
  get emptyTexts(): Locator {
    return this.main.getByText(EMPTY_TEXTS);
  }

  /** The failure is said where the data was to show: the warning, its retry, no error page, no empty list. */
  async expectSaidInPlace(path: string): Promise<void> {
    await expect(this.message.first()).toBeVisible();
    await expect(this.retryButton).toBeVisible();
    await expect(this.page.getByRole('heading', { name: /Oups/ })).toHaveCount(0);
    expect(new URL(this.page.url()).pathname).toBe(path.split('#')[0]);
    await expect(this.emptyTexts).toHaveCount(0);
  }

  /** Presses 'Réessayer': the warning goes. */
  async retry(): Promise<void> {
    await this.retryButton.click();
    await expect(this.message).toHaveCount(0);
  }
}
