// Page object of the territorial management (/gestion-territoriale) and of the contract details
// (/admin/contrat/:id): the same list tabs, each a paged list; the tab lives in the URL's fragment.
import { expect, type Locator, type Page } from '@playwright/test';
import { PagedList } from './paged-list.ts';
import { Wizard } from './wizard.ts';

export type TerritorialTab =
  'Territoires' | 'Utilisateurs' | 'Exploitants' | 'Organisations' | 'Services' | 'Sites industriels';

/** The fragment of each tab. */
const TAB_FRAGMENTS: Record<TerritorialTab, string> = {
  Territoires: 'territoires',
  Utilisateurs: 'utilisateurs',
  Exploitants: 'exploitants',
  Organisations: 'organisations',
  Services: 'services',
  'Sites industriels': 'sites-industriels',
};

/** The add button of each tab and the wizard it opens. */
const ADD: Partial<Record<TerritorialTab, { button: string; wizard: string }>> = {
  Territoires: { button: 'Ajouter un territoire', wizard: 'Ajouter un territoire' },
  Utilisateurs: { button: 'Ajouter des utilisateurs', wizard: 'Ajouter des utilisateurs' },
  Exploitants: { button: 'Ajouter un exploitant', wizard: 'Ajouter un exploitant' },
  Organisations: { button: 'Ajouter une organisation', wizard: 'Ajouter une organisation' },
  Services: { button: 'Ajouter des services', wizard: 'Ajouter des services' },
};

export class TerritorialAdminPage {
  /** The list of the tab shown. */
  readonly list: PagedList;

  constructor(readonly page: Page) {
    this.list = new PagedList(page);
  }

  /** The path of a tab: the territorial management of the current contract, or a contract's details. */
  static path(tab: TerritorialTab, contractId?: number): string {
    const base = contractId === undefined ? '/gestion-territoriale' : `/admin/contrat/${contractId}`;
    return `${base}#${TAB_FRAGMENTS[tab]}`;
  }

  tab(name: TerritorialTab): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** Clicks a tab and waits for it to be the selected one. */
  async openTab(name: TerritorialTab): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** The add button of a tab. */
  addButton(tab: TerritorialTab): Locator {
    const add = ADD[tab];
    if (!add) throw new Error(`the ${tab} tab has no add wizard`);
    return this.page.getByRole('button', { name: add.button });
  }

  /** The wizard a tab's add button opens (not opened here: see add). */
  wizard(tab: TerritorialTab): Wizard {
    const add = ADD[tab];
    if (!add) throw new Error(`the ${tab} tab has no add wizard`);
    return new Wizard(this.page, add.wizard);
  }

  /** Clicks a tab's add button; the wizard it opened. */
  async add(tab: TerritorialTab): Promise<Wizard> {
    await this.addButton(tab).click();
    return this.wizard(tab);
  }
}
