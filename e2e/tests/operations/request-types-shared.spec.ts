// One cache entry per endpoint read: the request form and the territorial admin read the
// contract's request types through one key, so a type added in the admin shows in the request form
// at once, in the same page (no reload), even though the form had read the list before.
import { test, expect } from '../../fixtures/index.ts';
import { Dialog } from '../../pages/dialog.ts';

test.describe.configure({ timeout: 90_000 });

const NEW_TYPE = 'Élagage des arbres';

test('a request type added in the admin is offered by the request form without a reload', async ({
  page,
  signInAs,
  mock,
  shell,
  territorialAdmin,
  list,
}) => {
  // the contract's administrator may also make requests, so one session sees both screens
  await mock.setRoles('contract-admin', { add: ['ROLE_REQUEST'] });
  const types = await mock.getAs('contract-admin', 'listRequestTypes', { query: { contract: 1 } });
  const known = types[0]?.label ?? '';
  expect(known).not.toBe('');

  await signInAs('contract-admin', '/demande/nouvelle-demande');
  await expect(page.getByRole('button', { name: `Choisir le type ${known}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Choisir le type ${NEW_TYPE}` })).toHaveCount(0);
  // a mark on the page's window: a reload would lose it
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await shell.menuLink('Gestion territoriale').click();
  await territorialAdmin.openTab('Services');
  await list.row('Signalements').getByRole('button', { name: 'Modifier le service Signalements' }).click();
  const dialog = new Dialog(page, "Modification d'un service");
  await dialog.field('Nouveau type de demande').fill(NEW_TYPE);
  await dialog.button('Ajouter le type').click();
  await expect(dialog.root.getByRole('checkbox', { name: NEW_TYPE })).toBeVisible();
  await dialog.close();
  await dialog.expectHidden();

  await shell.menuLink('Nouvelle demande').click();
  await expect(page.getByRole('button', { name: `Choisir le type ${NEW_TYPE}` })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
