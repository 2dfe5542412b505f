// Page object of what guards a form's unsaved input: the portal's question on Back
// ('Quitter sans enregistrer ?') and the browser's own prompt before a reload (beforeunload).
import { expect, type Page } from '@playwright/test';
import { UnsavedChangesQuestion } from './dialog.ts';

export class UnsavedInput {
  readonly question: UnsavedChangesQuestion;

  constructor(readonly page: Page) {
    this.question = new UnsavedChangesQuestion(page);
  }

  /** Back in the browser: the portal asks; staying keeps the page where it was. */
  async backAsksThenStay(): Promise<void> {
    const before = this.page.url();
    await this.page.goBack();
    await expect(this.question.root).toBeVisible();
    await this.question.stay();
    await this.question.expectHidden();
    expect(this.page.url()).toBe(before);
  }

  /**
   * A reload: the browser asks first (beforeunload), and cancelling keeps the page as it is.
   * The reload is not awaited: the cancelled one never loads.
   */
  async reloadAsksThenStay(): Promise<void> {
    const prompt = this.page.waitForEvent('dialog');
    this.page.reload().catch(() => undefined);
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
  }
}
