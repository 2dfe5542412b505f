// A request draft keeps what was typed: leaving (the side menu, a reload) right after typing saves
// it first; "enregistré" is never said while a change is unsaved; a failed autosave is said plainly,
// retried (automatically and with Réessayer), and guards the page until it succeeds.
import { test, expect, UnsavedChangesQuestion, type MockClient } from '../../fixtures/index.ts';
import type { Page } from '@playwright/test';
import { RequestDraftForm } from '../../pages/requests.ts';

test.describe.configure({ timeout: 90_000 });

interface DraftState {
  tables: { requests: { id: number; title: string; status: string }[] };
}

async function savedTitle(mock: MockClient, id: number): Promise<string | undefined> {
  const { tables } = await mock.exportState<DraftState>();
  return tables.requests.find((r) => r.id === id)?.title;
}

/** A new draft of the request agent, its form open: its id. */
async function newDraft(page: Page, signInAs: (persona: string, path?: string) => Promise<unknown>) {
  await signInAs('request-agent', '/demande/nouvelle-demande');
  return new RequestDraftForm(page).start('Nettoyage');
}

test('a reload right after typing keeps what was typed', async ({ page, signInAs, mock }) => {
  const id = await newDraft(page, signInAs);
  const draft = new RequestDraftForm(page);
  await draft.subject.fill('Nettoyage rue Monge');
  // the form has taken the change (what it says of the draft is no longer its help text)
  await expect(draft.changeTaken).toBeVisible();
  await page.reload();
  await expect(draft.subject).toHaveValue('Nettoyage rue Monge');
  expect(await savedTitle(mock, id)).toBe('Nettoyage rue Monge');
});

test('a side-menu click right after typing saves first, then leaves', async ({
  shell,
  page,
  signInAs,
  mock,
}) => {
  const id = await newDraft(page, signInAs);
  const draft = new RequestDraftForm(page);
  await draft.subject.fill('Nettoyage quai Gauthey');
  await shell.menuLink('Demandes').click();
  await expect(shell.heading).toHaveText('Demandes');
  expect(await savedTitle(mock, id)).toBe('Nettoyage quai Gauthey');
});

test('"enregistré" is never said while a change is unsaved', async ({ page, signInAs, mock }) => {
  const id = await newDraft(page, signInAs);
  const draft = new RequestDraftForm(page);
  await draft.subject.fill('Premier');
  await expect(draft.saved).toBeVisible();
  // the next save answers slowly
  await mock.faults.add({ method: 'PUT', path: `/api/request/${id}`, delayMs: 1500, times: 1 });
  await draft.subject.fill('Premier puis second');
  await expect(draft.saved).toHaveCount(0);
  await expect(draft.saving).toBeVisible();
  await expect(draft.saved).toBeVisible();
});

test('a failed autosave is said, retried on its own, and saves', async ({ page, signInAs, mock }) => {
  const id = await newDraft(page, signInAs);
  const draft = new RequestDraftForm(page);
  await mock.faults.add({ method: 'PUT', path: `/api/request/${id}`, status: 500, times: 1 });
  await draft.subject.fill('Nettoyage parc');
  const alert = draft.failure;
  await expect(alert).toBeVisible();
  await expect(draft.retryButton).toBeVisible();
  // the automatic retry saves it
  await expect(draft.saved).toBeVisible({ timeout: 15_000 });
  await expect(alert).toHaveCount(0);
  expect(await savedTitle(mock, id)).toBe('Nettoyage parc');
});

test('while the autosave fails, leaving asks and nothing is lost; Réessayer saves', async ({
  shell,
  page,
  signInAs,
  mock,
}) => {
  const id = await newDraft(page, signInAs);
  const draft = new RequestDraftForm(page);
  await mock.faults.add({ method: 'PUT', path: `/api/request/${id}`, status: 500 });
  await draft.subject.fill('Nettoyage halles');
  const alert = draft.failure;
  await expect(alert).toBeVisible();

  await shell.menuLink('Demandes').click();
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await question.stay();
  await expect(draft.subject).toHaveValue('Nettoyage halles');

  // a reload asks too (the browser's own question): dismissed, the page stays
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  void page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(draft.subject).toHaveValue('Nettoyage halles');

  await mock.faults.clear();
  await draft.retryButton.click();
  await expect(draft.saved).toBeVisible();
  expect(await savedTitle(mock, id)).toBe('Nettoyage halles');
  await shell.menuLink('Demandes').click();
  await expect(shell.heading).toHaveText('Demandes');
});
