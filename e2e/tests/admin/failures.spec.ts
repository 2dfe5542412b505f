// One way to fail (driven by the mock's fault injection): a failed delete keeps its dialog open with
// what happened in French (the backend's words as a detail) and can be tried again; a success says
// so in a toast; a list that fails to load shows a warning with a retry button, never "no data".
import { PAGING } from '@portal/contract/constants';
import { test, expect, Dialog, TerritorialAdminPage } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

test('a failed delete keeps the dialog with the reason; the retry deletes and a toast says so', async ({
  toasts,
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const operators = await mock.totalAs('contract-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: {
      type: 'Operator',
    },
  });
  await signInAs('contract-admin', TerritorialAdminPage.path('Exploitants'));
  const target = list.row('Voirie Bourgogne');
  await expect(target).toBeVisible();
  await list.expectCount(operators);

  await mock.faults.add({
    method: 'DELETE',
    path: '/api/organization/*',
    status: 500,
    body: { message: 'Internal Server Error: constraint fk_org_user' },
    times: 1,
  });
  await target.getByRole('button', { name: "Supprimer l'exploitant Voirie Bourgogne" }).click();
  const dialog = new Dialog(page);
  await dialog.button('Supprimer').click();
  const alert = dialog.alert;
  await expect(alert).toContainText('La suppression a échoué.');
  await expect(alert).toContainText('Le serveur a rencontré une erreur. Réessayez dans quelques instants.');
  // the raw text only as a detail, folded
  await expect(
    alert.getByText('Internal Server Error: constraint fk_org_user', { exact: false }),
  ).toBeHidden();
  await alert.getByText('Détails techniques').click();
  await expect(alert.getByText('500 Internal Server Error: constraint fk_org_user')).toBeVisible();
  await expect(toasts.failure).toHaveText('La suppression a échoué.');
  await expect(target).toBeVisible();
  await axe();

  // the same button again: the fault has passed, the delete goes through
  await dialog.button('Supprimer').click();
  await dialog.expectHidden();
  await expect(toasts.success).toHaveText("L'élément a bien été supprimé.");
  // announced: the toast sits in a polite live region
  await expect(toasts.politeRegionsWithToast).toHaveCount(1);
  await expect(target).toHaveCount(0);
  await list.expectCount(operators - 1);
  const state = await mock.exportState<{ tables: { organizations: { label: string }[] } }>();
  expect(state.tables.organizations.map((o) => o.label)).not.toContain('Voirie Bourgogne');
});

test('a list that fails to load shows a warning with a retry button, never "no data"', async ({
  loadFailure,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const users = await mock.totalAs('contract-admin', 'listContractUsers', { params: { contractId: 1 } });
  await mock.faults.add({ method: 'GET', path: '/api/contract/*/user', status: 503 });
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  await expect(loadFailure.alert).toBeVisible();
  const { warning } = loadFailure;
  await expect(loadFailure.noData).toHaveCount(0);
  await axe();

  await mock.faults.clear();
  await loadFailure.retry();
  await expect(warning).toBeHidden();
  await list.expectCount(users);
  await expect(list.rows).toHaveCount(Math.min(users, PAGING.defaultItemsPerPage));
});
