// Unsaved changes: leaving a form that holds changes (a menu link, Back) asks first; staying keeps
// what was typed, leaving goes; a saved form and an untouched one leave without a question.
import { test, expect, TerritorialAdminPage, UnsavedChangesQuestion } from '../../fixtures/index.ts';
import { UnsavedInput } from '../../pages/unsaved-input.ts';

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

test('request processing: the status comment asks on Back, the menu and a reload; after the move nothing asks', async ({
  shell,
  page,
  signInAs,
  mock,
  toasts,
}) => {
  const { tables } = await mock.exportState<{
    tables: { requests: { id: number; contractId: number; status: string }[] };
  }>();
  const request = tables.requests.find((r) => r.contractId === 1 && r.status === 'SUBMITTED');
  if (!request) throw new Error('the scenario needs a submitted request in contract 1');
  await signInAs('request-agent', '/demande');
  await page.getByRole('link', { name: `Voir la demande ${request.id}`, exact: true }).click();
  const panel = page.getByRole('region', { name: 'Traitement de la demande' });
  const comment = panel.getByLabel('Commentaire (facultatif)');
  await comment.fill('Équipe voirie prévenue, passage jeudi');
  const question = new UnsavedChangesQuestion(page);
  const guard = new UnsavedInput(page);

  await guard.backAsksThenStay();
  await expect(comment).toHaveValue('Équipe voirie prévenue, passage jeudi');

  await shell.menuLink('Accueil').click();
  await expect(question.root).toBeVisible();
  await question.stay();
  await question.expectHidden();
  await expect(page).toHaveURL(new RegExp(`/demande/${request.id}$`));
  await expect(comment).toHaveValue('Équipe voirie prévenue, passage jeudi');

  await guard.reloadAsksThenStay();
  await expect(comment).toHaveValue('Équipe voirie prévenue, passage jeudi');

  // the rejection's reason dialog: what is typed there asks too
  await panel.getByRole('button', { name: 'Rejeter la demande' }).click();
  const reason = page.getByRole('dialog').getByRole('textbox');
  await reason.fill('Hors du périmètre de la commune');
  await guard.backAsksThenStay();
  await expect(reason).toHaveValue('Hors du périmètre de la commune');
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

  // the move saves the comment: leaving asks no more
  await panel.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(toasts.success).toHaveText('La demande est maintenant : En cours.');
  await comment.fill('Un mot de plus');
  await panel.getByRole('button', { name: 'Marquer comme traitée' }).click();
  await expect(panel).toContainText('Aucune action possible');
  await shell.menuLink('Accueil').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(question.root).toHaveCount(0);
});

test('typed text asks before a tab switch and a logout; staying keeps it', async ({
  shell,
  page,
  signInAs,
}) => {
  const question = new UnsavedChangesQuestion(page);
  await signInAs('contract-admin', TerritorialAdminPage.path('Territoires'));
  const title = page.getByRole('region', { name: 'Apparence du portail' }).getByLabel('Titre de la page');
  await title.fill('Portail des services de l’eau');

  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  await expect(question.root).toBeVisible();
  await question.stay();
  await question.expectHidden();
  await expect(page.getByRole('tab', { name: 'Territoires' })).toHaveAttribute('aria-selected', 'true');
  await expect(title).toHaveValue('Portail des services de l’eau');

  await shell.logout();
  await expect(question.root).toBeVisible();
  await question.stay();
  await question.expectHidden();
  await expect(title).toHaveValue('Portail des services de l’eau');
});

test('a contract switch, which reloads the portal, asks first; staying keeps the contract and the text', async ({
  shell,
  page,
  signInAs,
}) => {
  const question = new UnsavedChangesQuestion(page);
  await signInAs('multi-contract', '/signalement');
  await page.getByRole('main').getByRole('link', { name: 'Signaler' }).first().click();
  const description = page.getByRole('main').getByLabel('Description');
  await description.fill('Fuite sur la chaussée');
  await shell.switchContract('Eaux du Nord');
  await expect(question.root).toBeVisible();
  await question.stay();
  await question.expectHidden();
  await expect(description).toHaveValue('Fuite sur la chaussée');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('current_contract'))).toBe('2');

  await shell.switchContract('Eaux du Nord');
  await question.leave();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('current_contract'))).toBe('3');
});

test('an add wizard asks on every step: what step 1 holds and what the last step types', async ({
  shell,
  page,
  signInAs,
  territorialAdmin: admin,
}) => {
  // the wizard is a modal dialog over the menu: Back and a reload are the ways out to try
  const input = new UnsavedInput(page);
  await signInAs('contract-admin', '/');
  await shell.menuLink('Gestion territoriale').click();
  await page.getByRole('tab', { name: 'Exploitants' }).click();
  const wizard = await admin.add('Exploitants');
  await wizard.field(/Nom de l'exploitant/).fill('Eaux de Bourgogne');
  await wizard.field(/Date de début/).fill('2027-01-01');
  await wizard.field(/Date de fin/).fill('2031-06-30');
  await wizard.next();
  // step 2 shows no text field: what step 1 holds is still unsaved
  await wizard.add('Dijon centre');
  await input.backAsksThenStay();
  await input.reloadAsksThenStay();
  await expect(wizard.root.getByRole('button', { name: 'Retirer Dijon centre' })).toBeVisible();

  // the last step: a service configuration form
  await wizard.next(2);
  await wizard.add('Objets connectés');
  await wizard.next();
  const label = wizard.configurationForm
    .getByRole('group', { name: 'Objets connectés' })
    .getByRole('textbox', { name: /Libellé du bouton/ });
  await label.fill('Capteurs');
  await input.backAsksThenStay();
  await input.reloadAsksThenStay();
  await expect(label).toHaveValue('Capteurs');
  for (let step = 5; step > 1; step -= 1) await wizard.previous();
  await expect(wizard.field(/Nom de l'exploitant/)).toHaveValue('Eaux de Bourgogne');
});
