// Feedback after a save: a short toast in the page's live regions, success
// (polite) or failure (assertive); the failure's detail stays where the action was.
import { test, expect, UnsavedChangesQuestion } from '../../fixtures/index.ts';
import { fillSignal } from '../../pages/signals.ts';

test('a saved signal says so in a toast; a failed one says it failed and keeps the form', async ({
  toasts,
  page,
  signInAs,
  mock,
}) => {
  await signInAs('signal-agent', '/signalement/signaler');
  await fillSignal(page, 'Toast de test rue Monge');
  await mock.faults.add({ method: 'POST', path: '/api/signal', status: 500, times: 1 });
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(toasts.failures).toHaveText("L'enregistrement a échoué.");
  await expect(page).toHaveURL(/\/signalement\/signaler$/);
  await expect(page.getByLabel('Description')).toHaveValue('Toast de test rue Monge');

  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  await expect(toasts.successes).toHaveText('Les modifications ont bien été enregistrées.');
});

test('turning a signal into a request: leaving the changed form asks first', async ({ page, signInAs }) => {
  await signInAs('dashboard-all', '/signalement/signaler');
  await fillSignal(page, 'Banc cassé square Darcy');
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  await page.getByRole('link', { name: 'Transformer en demande' }).click();
  await page.getByLabel('Description').fill('Banc cassé, deux lattes manquantes');
  await page.getByRole('link', { name: 'Signalements' }).first().click();
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await question.stay();
  await expect(page).toHaveURL(/\/demande\/signal-vers-demande\/\d+$/);
  await expect(page.getByLabel('Description')).toHaveValue('Banc cassé, deux lattes manquantes');
  // creating the request leaves without a question
  await page.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(page).toHaveURL(/\/demande\/nouvelle-demande\/\d+$/);
  await expect(question.root).toHaveCount(0);
});
