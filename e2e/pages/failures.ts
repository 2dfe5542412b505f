// Page object of a screen whose data failed to load: the warning in place of the data, its alert
// and its retry button (components/ui/alerts.tsx), never "Aucune information disponible".
import type { Locator, Page } from '@playwright/test';

const LOADING_ERROR = 'Une erreur est survenue lors du chargement';

export class LoadFailure {
  constructor(readonly page: Page) {}

  /** The alert saying the load failed. */
  get alert(): Locator {
    return this.page.getByRole('alert').filter({ hasText: LOADING_ERROR });
  }

  /**
   * The warning box holding the alert and its retry button: the alert alone is the role, the box
   * around it (Bootstrap's .alert-warning) has none.
   */
  get warning(): Locator {
    return this.page.locator('.alert-warning').filter({ has: this.alert });
  }

  /** 'Réessayer' in the warning. */
  get retryButton(): Locator {
    return this.warning.getByRole('button', { name: 'Réessayer' });
  }

  /** What an empty list says: never shown for a failed load. */
  get noData(): Locator {
    return this.page.getByText('Aucune information disponible');
  }

  async retry(): Promise<void> {
    await this.retryButton.click();
  }
}
