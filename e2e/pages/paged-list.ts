// Page object of a paged list (a data table with its search box, its count and its pagination):
// getters return Locators, actions are async. Scoped to a container (the main landmark by default).
import { expect, type Locator, type Page } from '@playwright/test';

/** The count a list shows above its table, as the French resources write it ('1 élément', '8 éléments'). */
export function countText(n: number): string {
  // French CLDR plurals: 0 and 1 are singular
  return n <= 1 ? `${n} élément` : `${n} éléments`;
}

export class PagedList {
  readonly scope: Locator;

  /** The list of a container, or of the page's main landmark. */
  constructor(scope: Page | Locator) {
    this.scope = 'goto' in scope ? scope.getByRole('main') : scope;
  }

  get table(): Locator {
    return this.scope.getByRole('table');
  }

  /** The body rows of the table. */
  get rows(): Locator {
    return this.table.locator('tbody tr');
  }

  /** The cells of a row, in the columns' order. */
  cellsOf(row: Locator): Locator {
    return row.getByRole('cell');
  }

  /**
   * The cells of one column (1 for the first) on every row. A column has no role of its own: its
   * cells are the rows' n-th cells.
   */
  column(n: number): Locator {
    return this.rows.locator(`td:nth-child(${n})`);
  }

  /** The texts of one column (1 for the first), trimmed, in the rows' order. */
  async columnTexts(n: number): Promise<string[]> {
    return (await this.column(n).allInnerTexts()).map((text) => text.trim());
  }

  /** The rows holding this text (a name, a label). */
  row(name: string | RegExp): Locator {
    return this.rows.filter({ hasText: name });
  }

  /** The cells of the rows holding this text. */
  cells(name: string | RegExp): Locator {
    return this.row(name).getByRole('cell');
  }

  get columnHeaders(): Locator {
    return this.scope.getByRole('columnheader');
  }

  columnHeader(name: string | RegExp): Locator {
    return this.scope.getByRole('columnheader', { name });
  }

  get searchBox(): Locator {
    return this.scope.getByRole('searchbox');
  }

  /**
   * The list's search field: its search box, or else its first Bootstrap text field (a list whose
   * filter is a plain text input has no searchbox role), whose styles a test checks.
   */
  get searchField(): Locator {
    return this.searchBox.or(this.scope.locator('input.form-control')).first();
  }

  /** The count above the table ('n éléments'), for exactly n rows in all. */
  count(n: number): Locator {
    return this.scope.getByText(countText(n), { exact: true });
  }

  /** The range counter ('1–20 sur 56'). */
  get range(): Locator {
    return this.scope.getByTestId('list-range');
  }

  /** The pagination ('Pagination'). */
  get pagination(): Locator {
    return this.scope.getByRole('navigation', { name: 'Pagination' });
  }

  /** The number of the page shown, in the pagination (aria-current has no role query of its own). */
  get currentPage(): Locator {
    return this.pagination.locator('[aria-current="page"]');
  }

  /** The pagination's list of page links: Bootstrap's .pagination, whose styles a test checks. */
  get paginationList(): Locator {
    return this.pagination.locator('.pagination');
  }

  /** The pagination's page links: Bootstrap's .page-link, whose styles a test checks. */
  get pageLinks(): Locator {
    return this.paginationList.locator('.page-link');
  }

  /** The toolbar above the table (range, page size, export): a plain container, without a role. */
  get toolbar(): Locator {
    return this.scope.locator('.list-toolbar');
  }

  /** The button of a page number in the pagination. */
  pageButton(n: number): Locator {
    return this.scope.getByRole('button', { name: `Page ${n}`, exact: true });
  }

  /** The page size select ('Lignes par page'). */
  get pageSize(): Locator {
    return this.scope.getByLabel('Lignes par page');
  }

  /** 'Exporter (CSV)'. */
  get exportButton(): Locator {
    return this.scope.getByRole('button', { name: 'Exporter (CSV)' });
  }

  /** Types a search and submits it with Enter (an empty text clears the search). */
  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await this.searchBox.press('Enter');
  }

  async goToPage(n: number): Promise<void> {
    await this.pageButton(n).click();
  }

  /** 'Page suivante'. */
  async nextPage(): Promise<void> {
    await this.pagination.getByRole('button', { name: 'Page suivante' }).click();
  }

  async setPageSize(n: number): Promise<void> {
    await this.pageSize.selectOption(String(n));
  }

  /** Waits for the count of n rows in all. */
  async expectCount(n: number): Promise<void> {
    await expect(this.count(n)).toBeVisible();
  }
}
