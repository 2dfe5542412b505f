// A dialog holding changes asks before any move in the history: Back after a tab switch (which only
// changes the address's fragment) shows the unsaved-changes question; staying keeps what was typed,
// leaving closes the dialog and goes back to the tab before. At desktop and phone sizes.
import { test, expect, TerritorialAdminPage, UnsavedChangesQuestion, Dialog } from '../../fixtures/index.ts';

test.describe.configure({ timeout: 90_000 });

const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface OrgState {
  tables: { organizations: { id: number; label: string; type: string; contractId: number }[] };
}

for (const size of SIZES) {
  test(`${size.name}: Back after a tab switch asks before closing the edit-organization dialog`, async ({
    page,
    signInAs,
    mock,
    territorialAdmin: admin,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { tables } = await mock.exportState<OrgState>();
    const community = tables.organizations.find((o) => o.contractId === 1 && o.type === 'Community');
    if (!community) throw new Error('contract 1 has a community organization');
    await signInAs('contract-admin', TerritorialAdminPage.path('Territoires'));
    await admin.openTab('Organisations');
    await page.getByRole('button', { name: `Modifier l'organisation ${community.label}` }).click();
    const dialog = new Dialog(page, `Modifier l'organisation ${community.label}`);
    const name = dialog.field("Nom de l'organisation");
    await expect(name).toHaveValue(community.label);
    await name.fill(`${community.label} (typed)`);

    await page.goBack();
    const question = new UnsavedChangesQuestion(page);
    await expect(question.root).toBeVisible();
    await question.stay();
    await question.expectHidden();
    await expect(name).toHaveValue(`${community.label} (typed)`);
    await expect(page).toHaveURL(/#organisations$/);

    await page.goBack();
    await expect(question.root).toBeVisible();
    await question.leave();
    await dialog.expectHidden();
    await expect(page).toHaveURL(/#territoires$/);
  });

  test(`${size.name}: Back after a tab switch asks before closing the add-users wizard`, async ({
    page,
    signInAs,
    territorialAdmin: admin,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInAs('contract-admin', TerritorialAdminPage.path('Territoires'));
    await admin.openTab('Utilisateurs');
    const wizard = await admin.add('Utilisateurs');
    await wizard.next();
    const emails = wizard.field('Adresses e-mail des utilisateurs');
    await emails.fill('retour@example.fr');

    await page.goBack();
    const question = new UnsavedChangesQuestion(page);
    await expect(question.root).toBeVisible();
    await question.stay();
    await expect(emails).toHaveValue('retour@example.fr');
    await expect(page).toHaveURL(/#utilisateurs$/);

    await page.goBack();
    await question.leave();
    await wizard.expectHidden();
    await expect(page).toHaveURL(/#territoires$/);
  });
}

test('Escape during a slow save says it is being saved, and the dialog closes once saved', async ({
  page,
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  const { tables } = await mock.exportState<OrgState>();
  const community = tables.organizations.find((o) => o.contractId === 1 && o.type === 'Community');
  if (!community) throw new Error('contract 1 has a community organization');
  await signInAs('contract-admin', TerritorialAdminPage.path('Organisations'));
  await expect(admin.tab('Organisations')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: `Modifier l'organisation ${community.label}` }).click();
  const dialog = new Dialog(page, `Modifier l'organisation ${community.label}`);
  await dialog.field("Nom de l'organisation").fill(`${community.label} (lent)`);
  await mock.faults.add({ method: 'PUT', path: '/api/organization/*', delayMs: 2500, times: 1 });
  await dialog.save();
  await page.keyboard.press('Escape');
  // never 'il sera perdu' while it is being saved
  await expect(new UnsavedChangesQuestion(page).root).toHaveCount(0);
  await expect(dialog.text('Enregistrement en cours')).toBeVisible();
  await dialog.expectHidden();
  await expect(new UnsavedChangesQuestion(page).root).toHaveCount(0);
  const { tables: after } = await mock.exportState<OrgState>();
  expect(after.organizations.find((o) => o.id === community.id)?.label).toBe(`${community.label} (lent)`);
});
