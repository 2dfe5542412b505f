// Staff edit what exists: an organization or an operator is edited from its detail
// or from its list's actions with the add wizard's first-step fields, saved with PUT
// /api/organization/{id}; a 400 lands on its field, a failure keeps the input in the dialog, and the
// detail and lists show the new values.
import { test, expect, Dialog, TerritorialAdminPage, UnsavedChangesQuestion } from '../../fixtures/index.ts';

interface OrgState {
  tables: {
    organizations: {
      id: number;
      label: string;
      type: string;
      contractId: number;
      master: boolean;
      newOrganizationLabel: string | null;
      startDate: string | null;
      endDate: string | null;
    }[];
  };
}

test.describe.configure({ timeout: 90_000 });

async function organizationsOf(mock: { exportState: <T>() => Promise<T> }) {
  const { tables } = await mock.exportState<OrgState>();
  return tables.organizations.filter((o) => o.contractId === 1);
}

test('an organization is renamed from its detail, with a new name to come, and the list shows it', async ({
  toasts,
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const community = (await organizationsOf(mock)).find((o) => o.type === 'Community' && !o.master);
  if (!community) throw new Error('contract 1 has a community organization besides the master one');
  await signInAs('contract-admin', `/gestion-territoriale/organisation-territoriale/${community.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(community.label);

  await page.getByRole('button', { name: 'Modifier', exact: true }).click();
  const dialog = new Dialog(page, `Modifier l'organisation ${community.label}`);
  const name = dialog.field("Nom de l'organisation");
  await expect(name).toHaveValue(community.label);
  await axe();

  // an empty name is refused on the field, before any call
  await name.fill('   ');
  await name.blur();
  await expect(dialog.text('Ce champ est obligatoire.')).toBeVisible();
  await name.fill(`${community.label} (Nord)`);
  await dialog.field('Nouvelle dénomination').fill('Communauté du Grand Nord');
  await dialog.save();
  await dialog.expectHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${community.label} (Nord)`);
  await expect(page.getByText('Nouvelle dénomination : Communauté du Grand Nord')).toBeVisible();
  await expect(toasts.success).toBeVisible();

  const saved = (await organizationsOf(mock)).find((o) => o.id === community.id);
  expect(saved?.label).toBe(`${community.label} (Nord)`);
  expect(saved?.newOrganizationLabel).toBe('Communauté du Grand Nord');

  await page.getByRole('link', { name: /Retour/ }).click();
  await expect(list.table.getByText(`${community.label} (Nord)`, { exact: true })).toBeVisible();
});

test("an operator's contract dates are moved from the list; a bad range is refused, a failure keeps the input", async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Exploitants'));
  const row = list.row('Voirie Bourgogne');
  await row.getByRole('button', { name: "Modifier l'exploitant Voirie Bourgogne" }).click();
  const dialog = new Dialog(page, "Modifier l'exploitant Voirie Bourgogne");
  const start = dialog.field('Date de début du contrat');
  const end = dialog.field('Date de fin du contrat');
  await expect(start).not.toHaveValue('');

  await start.fill('2031-01-01');
  await end.fill('2030-12-31');
  await end.blur();
  await dialog.save();
  await expect(dialog.alert).toHaveText('La date de début doit précéder la date de fin.');

  // the server refuses once: the dialog says why, keeps what was typed, and saves on the next try
  await mock.faults.add({ method: 'PUT', path: '/api/organization/*', status: 500, times: 1 });
  await start.fill('2025-01-01');
  await end.fill('2032-06-30');
  await dialog.save();
  await expect(dialog.text(/L'enregistrement a échoué/).first()).toBeVisible();
  await expect(end).toHaveValue('2032-06-30');
  await dialog.save();
  await dialog.expectHidden();
  await expect(row).toContainText('30/06/2032');
  const operator = (await organizationsOf(mock)).find((o) => o.label === 'Voirie Bourgogne');
  expect(operator?.endDate?.slice(0, 10)).toBe('2032-06-30');
  expect(operator?.startDate?.slice(0, 10)).toBe('2025-01-01');
});

test("the server's field error lands on its field; closing with changes asks first", async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Exploitants'));
  const row = list.row('Voirie Bourgogne');
  await row.getByRole('button', { name: "Modifier l'exploitant Voirie Bourgogne" }).click();
  const dialog = new Dialog(page, "Modifier l'exploitant Voirie Bourgogne");
  await mock.faults.add({
    method: 'PUT',
    path: '/api/organization/*',
    status: 400,
    body: {
      message: 'Validation failed',
      errors: [{ path: 'operatorContractId', message: 'Identifiant déjà utilisé par un autre contrat.' }],
    },
    times: 1,
  });
  const contractIdField = dialog.field("Identifiant du contrat d'exploitation");
  await contractIdField.fill('EXP-2024-001');
  await dialog.save();
  await expect(contractIdField).toHaveAttribute('aria-invalid', 'true');
  await expect(contractIdField).toHaveAccessibleDescription('Identifiant déjà utilisé par un autre contrat.');

  // closing with a change asks; staying keeps the input
  await dialog.close();
  const ask = new UnsavedChangesQuestion(page);
  await expect(ask.root).toBeVisible();
  await ask.keepEditing();
  await expect(contractIdField).toHaveValue('EXP-2024-001');
  await dialog.close();
  await ask.leave();
  await dialog.expectHidden();
  // nothing was saved
  const operator = (await organizationsOf(mock)).find((o) => o.label === 'Voirie Bourgogne');
  expect(operator).toBeTruthy();
});
