// Contract administration (portal super admin only): the three lists, creation and its success
// screen, deletion with a confirmation.
import { test, expect, Dialog, type MockClient } from '../../fixtures/index.ts';

// several axe runs and reloads per test: room for a loaded CI machine
test.describe.configure({ timeout: 90_000 });

interface ContractsState {
  tables: { contracts: { id: number; label: string; status: string }[] };
}

/** Every contract of the state: what the whole list shows to a portal super admin. */
const contractsOf = async (mock: MockClient) => (await mock.exportState<ContractsState>()).tables.contracts;

test('the contract list shows every contract of the scenario, searchable through the URL', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const contracts = await contractsOf(mock);
  await signInAs('portal-admin', '/admin/contrat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contrats');
  await list.expectCount(contracts.length);
  await expect(list.columnHeaders).toHaveText(['Libellé', 'Statut', 'Actions']);
  await expect(list.rows).toHaveText([
    /Dijon Métropole\s*Actif/,
    /Grand Lyon Eau\s*Actif/,
    /Eaux du Nord\s*Actif/,
  ]);
  await axe();
  await list.search('Lyon');
  await expect(page).toHaveURL(/q=Lyon/);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows).toContainText('Grand Lyon Eau');
  // the detail link opens the contract's tabs
  await list.rows.getByRole('link', { name: 'Voir le contrat Grand Lyon Eau' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grand Lyon Eau');
});

test('a contract is created, shows on the success screen and in the contracts to finalize, then is deleted', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const before = (await contractsOf(mock)).length;
  await signInAs('portal-admin', '/admin/contrat/a-finaliser');
  await expect(page.getByText('Aucune information disponible')).toBeVisible();
  await page.getByRole('button', { name: 'Créer un contrat' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/creation$/);
  // the label is required
  await page.getByRole('button', { name: 'Créer le contrat' }).click();
  await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
  await axe();
  await page.getByLabel('Libellé').fill('Eau de Besançon');
  await page.getByLabel('Couleur principale (#rrggbb)').fill('#123456');
  await page.getByRole('button', { name: 'Créer le contrat' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/creation\/validation$/);
  await expect(page.getByRole('status')).toHaveText('Le contrat « Eau de Besançon » a bien été créé.');
  await axe();
  await page.getByRole('link', { name: 'Retour aux contrats' }).click();
  await list.expectCount(before + 1);
  await page.getByRole('link', { name: 'Contrats à finaliser' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/a-finaliser$/);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows).toContainText(/Eau de Besançon\s*À finaliser/);
  await list.rows.getByRole('button', { name: 'Supprimer le contrat Eau de Besançon' }).click();
  const dialog = new Dialog(page);
  await expect(dialog.heading).toHaveText('Supprimer le contrat Eau de Besançon');
  await dialog.button('Supprimer').click();
  await dialog.expectHidden();
  await expect(page.getByText('Aucune information disponible')).toBeVisible();
});

test('a contract list that fails to load shows the loading_error warning', async ({
  page,
  signInAs,
  mock,
}) => {
  await mock.faults.add({ method: 'GET', path: '/api/contracts', status: 500 });
  await signInAs('portal-admin', '/admin/contrat');
  // the list query retries once (after 1 s) before it fails
  await expect(
    page.getByRole('alert').filter({ hasText: 'Une erreur est survenue lors du chargement des données.' }),
  ).toBeVisible({ timeout: 20_000 });
});

test('contract administration is refused to a contract super admin', async ({ page, signInAs }) => {
  await signInAs('contract-admin', '/admin/contrat');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas les droits" })).toBeVisible();
});

test('my contracts lists only the contracts of the signed-in admin and passes axe', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const contracts = await contractsOf(mock);
  const [mine, other] = contracts;
  if (!mine || !other) throw new Error('the scenario has at least two contracts');
  // a portal super admin attached to one contract only
  await mock.createPersona({
    id: 'one-contract-admin',
    firstName: 'Inès',
    lastName: 'Unique',
    roles: ['ROLE_SUPER_ADMIN_PORTAL_VA'],
    contractIds: [mine.id],
  });
  await signInAs('one-contract-admin', '/admin/contrat/mes-contrats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contrats');
  const tabs = page.getByRole('navigation', { name: 'Listes de contrats' });
  await expect(tabs.getByRole('link', { name: 'Mes contrats' })).toHaveAttribute('aria-current', 'page');
  await list.expectCount(1);
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows).toContainText(mine.label);
  await expect(
    page.getByRole('main').getByRole('link', { name: `Voir le contrat ${mine.label}` }),
  ).toBeVisible();
  await axe();

  // the whole list has every contract of the state
  await tabs.getByRole('link', { name: 'Tous les contrats' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat$/);
  await list.expectCount(contracts.length);
  await expect(list.row(other.label)).toHaveCount(1);

  // a search with no match in my contracts: the empty list passes axe too
  await page.goto('/admin/contrat/mes-contrats');
  await list.search(other.label);
  await expect(page.getByText('Aucune information disponible')).toBeVisible();
  await axe();
});
