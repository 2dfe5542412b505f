// Page object of a read that failed, said in place (components/ui/alerts.tsx): the warning
// 'Une erreur est survenue lors du chargement des données.' with its 'Réessayer' button, where the
// data was to show (the main landmark, or a dialog open over it), and what must never show instead
// of it: the 'Oups !' page, a list said to be empty.
import { expect, type Locator, type Page } from '@playwright/test';

const LOADING_ERROR = 'Une erreur est survenue lors du chargement';

/** What a screen says of data it read and found empty: never said of data it could not read. */
const EMPTY_TEXTS =
  /Aucune information disponible|Aucun résultat|Aucun élément disponible|Aucun contrat|Aucun événement|Aucun widget à afficher|Aucun rapport n'est configuré|Aucun tableau de bord n'est disponible/;

export class LoadFailure {
  /** Where the data shows: the main landmark, and a dialog open over it. */
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main').or(page.getByRole('dialog'));
  }

  /** The alerts saying the load failed. */
  get alert(): Locator {
    return this.main.getByRole('alert').filter({ hasText: LOADING_ERROR });
  }

  /**
   * The warning box holding the alert and its retry button: the alert alone is the role, the box
   * around it (Bootstrap's .alert-warning) has none.
   */
  get warning(): Locator {
    return this.page.locator('.alert-warning').filter({ has: this.alert });
  }

  /** The first 'Réessayer' button where the data was to show. */
  get retryButton(): Locator {
    return this.main.getByRole('button', { name: 'Réessayer' }).first();
  }

  /** The texts of an empty list or an empty screen: never shown for a failed load. */
  get noData(): Locator {
    return this.main.getByText(EMPTY_TEXTS);
  }

  /** The failure is said where the data was to show: the warning, its retry, no error page, no empty list. */
  async expectSaidInPlace(path: string): Promise<void> {
    await expect(this.alert.first()).toBeVisible();
    await expect(this.retryButton).toBeVisible();
    await expect(this.page.getByRole('heading', { name: /Oups/ })).toHaveCount(0);
    expect(new URL(this.page.url()).pathname).toBe(path.split('#')[0]);
    await expect(this.noData).toHaveCount(0);
  }

  /** Presses 'Réessayer': the warning goes once the read answers. */
  async retry(): Promise<void> {
    await this.retryButton.click();
    await expect(this.alert).toHaveCount(0);
  }
}
