// A dialog that loads something says a failed load in place, with 'Réessayer', and never shows a
// failure as an empty list (a dual list's '0 élément', 'Aucun élément disponible') or spins forever.
import { test, expect, Dialog, TerritorialAdminPage } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

const LOADING_ERROR = 'Une erreur est survenue lors du chargement des données.';

interface OrgState {
  tables: { organizations: { id: number; label: string; type: string; contractId: number }[] };
}

test('the edit-organization dialog says a failed load of the legal entities, and Réessayer loads them', async ({
  page,
  signInAs,
  mock,
}) => {
  const { tables } = await mock.exportState<OrgState>();
  const community = tables.organizations.find((o) => o.contractId === 1 && o.type === 'Community');
  if (!community) throw new Error('contract 1 has a community organization');
  await signInAs('contract-admin', TerritorialAdminPage.path('Organisations'));
  await mock.faults.add({ method: 'GET', path: '/api/contract/1/legal-entity', status: 500 });
  await page.getByRole('button', { name: `Modifier l'organisation ${community.label}` }).click();
  const dialog = new Dialog(page, `Modifier l'organisation ${community.label}`);
  await expect(dialog.alert.filter({ hasText: LOADING_ERROR })).toBeVisible();
  await expect(dialog.root.getByRole('status')).toHaveCount(0);
  await expect(page.getByText('Oups !')).toHaveCount(0);

  await mock.faults.clear();
  await dialog.button('Réessayer').click();
  await expect(dialog.field("Nom de l'organisation")).toHaveValue(community.label);
  await expect(dialog.alert).toHaveCount(0);
});

test('the add-users wizard says a failed load of the organizations, never an empty list', async ({
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  await expect(admin.tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');
  await mock.faults.add({ method: 'GET', path: '/api/contract/1/organization', status: 500 });
  const wizard = await admin.add('Utilisateurs');
  await expect(wizard.alert.filter({ hasText: LOADING_ERROR })).toBeVisible();
  await expect(wizard.text('Aucun élément disponible')).toHaveCount(0);
  // no count of what could not be read
  await expect(wizard.root.getByRole('heading', { name: /^Organisations disponibles/ })).not.toContainText(
    'élément',
  );

  await mock.faults.clear();
  await wizard.button('Réessayer').click();
  await expect(wizard.offered('Organisations disponibles').first()).toBeVisible();
  await expect(wizard.alert).toHaveCount(0);
});
