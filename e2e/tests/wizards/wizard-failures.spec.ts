// A wizard whose save fails keeps the user where they were (issue 18 item 5): the failure is said
// in the wizard, in French (the backend's words only as a folded detail), announced by a toast;
// what was typed is still there, and Validate tries again. Never the error page.
import { test, expect as harnessExpect } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });
const expect = harnessExpect.configure({ timeout: 20_000 });

const successfulPosts = async (
  mock: { journal: (f: { method: string; path: string }) => Promise<{ status: number | null }[]> },
  path: string,
) => (await mock.journal({ method: 'POST', path })).filter((e) => e.status !== null && e.status < 300).length;

test('add users: a failed save stays in the wizard with its input, says why in French, and Validate tries again', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#utilisateurs');
  await page.getByRole('button', { name: 'Ajouter des utilisateurs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter des utilisateurs' });
  await dialog.getByRole('button', { name: 'Ajouter Dijon Métropole' }).click();
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  await dialog.getByLabel('Adresses e-mail des utilisateurs').fill('echec.wizard@example.fr');
  await dialog.getByLabel('Adresses e-mail des utilisateurs').press('Enter');
  await dialog.getByRole('button', { name: 'Suivant' }).click();

  await mock.faults.add({
    method: 'POST',
    path: '/api/contract/*/user/role',
    status: 500,
    body: { message: 'Internal Server Error: deadlock detected' },
    times: 1,
  });
  await dialog.getByRole('button', { name: 'Valider' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText("L'enregistrement a échoué : vos saisies sont conservées");
  await expect(alert).toContainText('Le serveur a rencontré une erreur. Réessayez dans quelques instants.');
  await expect(alert.getByText('deadlock detected', { exact: false })).toBeHidden();
  await alert.getByText('Détails techniques').click();
  await expect(alert.getByText('deadlock detected', { exact: false })).toBeVisible();
  // the toast says it too, in the page's assertive live region
  await expect(page.locator('[aria-live="assertive"] [data-toast="danger"]')).toContainText(
    "L'enregistrement a échoué",
  );
  // no error page: still the wizard, with the address typed
  await expect(page).toHaveURL(/\/gestion-territoriale/);
  await expect(dialog.getByText('echec.wizard@example.fr')).toBeVisible();
  await axe();

  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByText("L'utilisateur a été ajouté.")).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await successfulPosts(mock, '/api/contract/1/user/role')).toBe(1);
});

test('add contract services: a failed save keeps the choice; the retry attaches the services once', async ({
  page,
  signInAs,
  mock,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#services');
  await page.getByRole('button', { name: 'Ajouter des services' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter des services' });
  const offered = dialog.getByRole('region', { name: 'Services disponibles' }).getByRole('button');
  await expect(offered.first()).toBeVisible();
  await offered.nth(0).click();
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  const form = dialog.getByRole('form', { name: 'Configuration des services' });
  await mock.faults.add({ method: 'POST', path: '/api/contract/*/contractService', status: 503, times: 1 });
  await mock.clearJournal();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByRole('alert')).toContainText("L'enregistrement a échoué");
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByText('Les services ont été ajoutés au contrat.')).toBeVisible();
  expect(await successfulPosts(mock, '/api/contract/1/contractService')).toBe(1);
});

test('editing a service: a failed save says so in the dialog; once saved, no "add another service"', async ({
  page,
  signInAs,
  mock,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#services');
  await page.getByRole('searchbox').fill('Gestion documentaire');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('button', { name: 'Modifier le service Gestion documentaire' }).click();
  const edit = page.getByRole('dialog', { name: "Modification d'un service" });
  const label = edit.getByRole('textbox', { name: /Libellé du bouton/ });
  await label.fill('GED');
  await mock.faults.add({ method: 'PUT', path: '/api/external-apps/configuration/*', status: 500, times: 1 });
  await edit.getByRole('button', { name: 'Valider' }).click();
  await expect(edit.getByRole('alert')).toContainText("L'enregistrement a échoué");
  await expect(label).toHaveValue('GED');
  await edit.getByRole('button', { name: 'Valider' }).click();
  await expect(edit.getByText('La configuration du service a été enregistrée.')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Ajouter un autre service' })).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Fermer' }).last()).toBeVisible();
});

test('closing a wizard with a choice not saved asks first; an untouched one closes at once', async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('portal-admin', '/admin/contrat/1#territoires');
  await page.getByRole('button', { name: 'Ajouter un territoire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une zone' });
  await expect(dialog).toBeVisible();
  // nothing chosen: Escape closes without a question
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Ajouter un territoire' }).click();
  await dialog.getByLabel('Rechercher une commune').fill('dij');
  await dialog.getByRole('button', { name: 'Ajouter Dijon (21000)' }).click();
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
  await expect(question).toBeVisible();
  await axe();
  await question.getByRole('button', { name: 'Continuer la saisie' }).click();
  await expect(question).toBeHidden();
  // still there, with the municipality chosen
  await expect(dialog.getByRole('button', { name: /Retirer Dijon/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  await question.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();
});
