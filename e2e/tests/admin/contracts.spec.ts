// Contract administration (portal super admin only): the three lists, creation and its success
// screen, deletion with a confirmation.
import { test, expect } from '../../fixtures/index.ts';
import type { Page } from '@playwright/test';

// several axe runs and reloads per test: room for a loaded CI machine
test.describe.configure({ timeout: 90_000 });

const rows = (page: Page) => page.getByRole('main').getByRole('table').locator('tbody tr');

test('the contract list shows every contract of the scenario, searchable through the URL', async ({
  page,
  signInAs,
  axe,
}) => {
  await signInAs('portal-admin', '/admin/contrat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contrats');
  await expect(page.getByText('3 éléments')).toBeVisible();
  await expect(page.getByRole('main').getByRole('columnheader')).toHaveText(['Libellé', 'Statut', 'Actions']);
  await expect(rows(page)).toHaveText([
    /Dijon Métropole\s*Actif/,
    /Grand Lyon Eau\s*Actif/,
    /Eaux du Nord\s*Actif/,
  ]);
  await axe();
  await page.getByRole('searchbox').fill('Lyon');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/q=Lyon/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Grand Lyon Eau');
  // the detail link opens the contract's tabs
  await rows(page).getByRole('link', { name: 'Voir le contrat Grand Lyon Eau' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grand Lyon Eau');
});

test('a contract is created, shows on the success screen and in the contracts to finalize, then is deleted', async ({
  page,
  signInAs,
  axe,
}) => {
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
  await expect(page.getByText('4 éléments')).toBeVisible();
  await page.getByRole('link', { name: 'Contrats à finaliser' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat\/a-finaliser$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(/Eau de Besançon\s*À finaliser/);
  await rows(page).getByRole('button', { name: 'Supprimer le contrat Eau de Besançon' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Supprimer le contrat Eau de Besançon');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toBeHidden();
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

interface ContractsState {
  tables: { contracts: { id: number; label: string; status: string }[] };
}

test('my contracts lists only the contracts of the signed-in admin and passes axe', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  const { tables } = await mock.exportState<ContractsState>();
  const [mine, other] = tables.contracts;
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
  await expect(page.getByText('1 élément', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(mine.label);
  await expect(
    page.getByRole('main').getByRole('link', { name: `Voir le contrat ${mine.label}` }),
  ).toBeVisible();
  await axe();

  // the whole list has every contract of the state
  await tabs.getByRole('link', { name: 'Tous les contrats' }).click();
  await expect(page).toHaveURL(/\/admin\/contrat$/);
  await expect(page.getByText(`${tables.contracts.length} éléments`, { exact: true })).toBeVisible();
  await expect(rows(page).filter({ hasText: other.label })).toHaveCount(1);

  // a search with no match in my contracts: the empty list passes axe too
  await page.goto('/admin/contrat/mes-contrats');
  await page.getByRole('searchbox').fill(other.label);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByText('Aucune information disponible')).toBeVisible();
  await axe();
});
