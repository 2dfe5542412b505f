// A wizard whose save fails keeps the user where they were: the failure is said
// in the wizard, in French (the backend's words only as a folded detail), announced by a toast;
// what was typed is still there, and Validate tries again. Never the error page.
import {
  test,
  expect as harnessExpect,
  TerritorialAdminPage,
  UnsavedChangesQuestion,
  Wizard,
} from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });
const expect = harnessExpect.configure({ timeout: 20_000 });

const successfulPosts = async (
  mock: { journal: (f: { method: string; path: string }) => Promise<{ status: number | null }[]> },
  path: string,
) => (await mock.journal({ method: 'POST', path })).filter((e) => e.status !== null && e.status < 300).length;

test('add users: a failed save stays in the wizard with its input, says why in French, and Validate tries again', async ({
  toasts,
  page,
  signInAs,
  mock,
  territorialAdmin: admin,
  axe,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  const wizard = await admin.add('Utilisateurs');
  const dialog = wizard.root;
  await wizard.add('Dijon Métropole');
  await wizard.next();
  await wizard.field('Adresses e-mail des utilisateurs').fill('echec.wizard@example.fr');
  await wizard.field('Adresses e-mail des utilisateurs').press('Enter');
  await wizard.next();

  await mock.faults.add({
    method: 'POST',
    path: '/api/contract/*/user/role',
    status: 500,
    body: { message: 'Internal Server Error: deadlock detected' },
    times: 1,
  });
  await wizard.validate();
  const alert = wizard.alert;
  await expect(alert).toContainText("L'enregistrement a échoué : vos saisies sont conservées");
  await expect(alert).toContainText('Le serveur a rencontré une erreur. Réessayez dans quelques instants.');
  await expect(alert.getByText('deadlock detected', { exact: false })).toBeHidden();
  await alert.getByText('Détails techniques').click();
  await expect(alert.getByText('deadlock detected', { exact: false })).toBeVisible();
  // the toast says it too, in the page's assertive live region
  await expect(toasts.failures).toContainText("L'enregistrement a échoué");
  // no error page: still the wizard, with the address typed
  await expect(page).toHaveURL(/\/gestion-territoriale/);
  await expect(dialog.getByText('echec.wizard@example.fr')).toBeVisible();
  await axe();

  await wizard.validate();
  await expect(wizard.success("L'utilisateur a été ajouté.")).toBeVisible();
  await expect(wizard.alert).toHaveCount(0);
  expect(await successfulPosts(mock, '/api/contract/1/user/role')).toBe(1);
});

test('add contract services: a failed save keeps the choice; the retry attaches the services once', async ({
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Services'));
  const wizard = await admin.add('Services');
  const offered = wizard.offered('Services disponibles');
  await expect(offered.first()).toBeVisible();
  await offered.nth(0).click();
  await wizard.next();
  const form = wizard.configurationForm;
  await mock.faults.add({ method: 'POST', path: '/api/contract/*/contractService', status: 503, times: 1 });
  await mock.clearJournal();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(wizard.alert).toContainText("L'enregistrement a échoué");
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(wizard.success('Les services ont été ajoutés au contrat.')).toBeVisible();
  expect(await successfulPosts(mock, '/api/contract/1/contractService')).toBe(1);
});

test('editing a service: a failed save says so in the dialog; once saved, no "add another service"', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Services'));
  await list.search('Gestion documentaire');
  await page.getByRole('button', { name: 'Modifier le service Gestion documentaire' }).click();
  const edit = new Wizard(page, "Modification d'un service");
  const label = edit.root.getByRole('textbox', { name: /Libellé du bouton/ });
  await label.fill('GED');
  await mock.faults.add({ method: 'PUT', path: '/api/external-apps/configuration/*', status: 500, times: 1 });
  await edit.validate();
  await expect(edit.alert).toContainText("L'enregistrement a échoué");
  await expect(label).toHaveValue('GED');
  await edit.validate();
  await expect(edit.success('La configuration du service a été enregistrée.')).toBeVisible();
  await expect(edit.button('Ajouter un autre service')).toHaveCount(0);
  await expect(edit.button('Fermer', true).last()).toBeVisible();
});

test('closing a wizard with a choice not saved asks first; an untouched one closes at once', async ({
  page,
  signInAs,
  territorialAdmin: admin,
  axe,
}) => {
  await signInAs('portal-admin', TerritorialAdminPage.path('Territoires', 1));
  const wizard = await admin.add('Territoires');
  await expect(wizard.root).toBeVisible();
  // nothing chosen: Escape closes without a question
  await page.keyboard.press('Escape');
  await wizard.expectHidden();

  await admin.add('Territoires');
  await wizard.field('Rechercher une commune').fill('dij');
  await wizard.add('Dijon (21000)');
  await page.keyboard.press('Escape');
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await axe();
  await question.keepEditing();
  await question.expectHidden();
  // still there, with the municipality chosen
  await expect(wizard.button(/Retirer Dijon/)).toBeVisible();
  await wizard.close();
  await question.leave();
  await wizard.expectHidden();
  await question.expectHidden();
});
