// Unsaved changes: leaving a form that holds changes (a menu link, Back) asks first; staying keeps
// what was typed, leaving goes; a saved form and an untouched one leave without a question.
import { test, expect, UnsavedChangesQuestion } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

test('contract creation: the menu and Back ask before dropping what was typed', async ({
  shell,
  page,
  signInAs,
  axe,
}) => {
  await signInAs('portal-admin', '/admin/contrat/a-finaliser');
  await page.getByRole('button', { name: 'Créer un contrat' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/creation$/);
  await page.getByLabel('Libellé').fill('Eau de Chalon');
  await shell.menuLink('Accueil').click();
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await axe();
  await question.stay();
  await question.expectHidden();
  await expect(page).toHaveURL(/\/admin\/contrat\/creation$/);
  await expect(page.getByLabel('Libellé')).toHaveValue('Eau de Chalon');

  await page.goBack();
  await expect(question.root).toBeVisible();
  await question.leave();
  await expect(page).toHaveURL(/\/admin\/contrat\/a-finaliser$/);
});

test('works edit: a change asks before leaving; after the save the page leaves without a question', async ({
  shell,
  page,
  signInAs,
  mock,
}) => {
  const { tables } = await mock.exportState<{
    tables: { publicWorks: { id: number; contractId: number }[] };
  }>();
  const work = tables.publicWorks.find((w) => w.contractId === 1);
  if (!work) throw new Error('the scenario needs a public work in contract 1');
  await signInAs('works-planner', `/travaux/edition/${work.id}`);
  const title = page.getByLabel('Intitulé');
  await expect(title).not.toHaveValue('');

  // untouched: the menu leaves at once
  await shell.menuLink('Travaux').click();
  await expect(page).toHaveURL(/\/travaux$/);
  await page.goBack();
  await expect(title).not.toHaveValue('');

  await title.fill('Réfection de chaussée quai Nicolas Rolin');
  await shell.menuLink('Travaux').click();
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await question.stay();
  await expect(title).toHaveValue('Réfection de chaussée quai Nicolas Rolin');

  await page.getByRole('button', { name: 'Enregistrer les travaux' }).click();
  await expect(page).toHaveURL(new RegExp(`/travaux/${work.id}$`));
  await expect(question.root).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Réfection de chaussée quai Nicolas Rolin',
  );
});
