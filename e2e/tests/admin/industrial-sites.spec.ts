// Industrial-site administration (/gestion-territoriale/site-industriel/...): create with a zone
// imported as GeoJSON, contacts (create, edit, delete), photos (type check, preview, upload,
// delete), metadata (add, delete); everything still shows after a reload.
import {
  test,
  expect,
  Dialog,
  PagedList,
  TerritorialAdminPage,
  UnsavedChangesQuestion,
} from '../../fixtures/index.ts';
import type { Page } from '@playwright/test';
import { MapView } from '../../pages/map.ts';

// several axe runs and reloads per test: room for a loaded CI machine
test.describe.configure({ timeout: 90_000 });

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ZONE = {
  type: 'Polygon',
  coordinates: [
    [
      [5.03, 47.3],
      [5.06, 47.3],
      [5.06, 47.32],
      [5.03, 47.32],
      [5.03, 47.3],
    ],
  ],
};

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('an industrial site is created with a zone, a contact, a photo and a metadata entry, and they show after a reload', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  test.setTimeout(120_000);
  const sites = await mock.totalAs('contract-admin', 'listIndustrialSites', { query: { contractId: 1 } });
  await signInAs('contract-admin', '/gestion-territoriale#sites-industriels');
  await list.expectCount(sites);
  await page.getByRole('button', { name: 'Ajouter un site industriel' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Création d'un site industriel");

  // name and type are required
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(2);

  await page.getByLabel('Nom', { exact: true }).fill('Station de Chenôve');
  await page.getByLabel('Type', { exact: true }).selectOption({ label: "Station d'épuration" });
  // a file that is not GeoJSON is refused, then a polygon is imported
  await page.getByLabel('Importer un fichier GeoJSON').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"type":"Circle"}'),
  });
  await expect(page.getByRole('alert')).toHaveText("Le fichier n'est pas une géométrie GeoJSON reconnue.");
  await page.getByLabel('Importer un fichier GeoJSON').setInputFiles({
    name: 'zone.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(ZONE)),
  });
  await expect(page.getByText('Zone définie : un polygone de 5 points.')).toBeVisible();
  await page.getByLabel('Ville de Dijon').check();
  await axe();
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  // the edit screen of the new site
  await expect(page).toHaveURL(/\/gestion-territoriale\/site-industriel\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site industriel : Station de Chenôve');
  await expect(page.getByLabel('Ville de Dijon')).toBeChecked();
  await expect(page.getByText('Zone définie : un polygone de 5 points.')).toBeVisible();

  // a contact, through the shared create/edit screen
  await section(page, 'Contacts').getByRole('link', { name: 'Ajouter un contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau contact');
  await page.getByLabel('E-mail').fill('pas-un-email');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Adresse e-mail invalide.')).toBeVisible();
  await page.getByLabel('Prénom').fill('Lucie');
  await page.getByLabel('Nom', { exact: true }).fill('Bernard');
  await page.getByLabel('Fonction').fill('Responsable de site');
  await page.getByLabel('E-mail').fill('lucie.bernard@example.org');
  await axe();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section(page, 'Contacts').getByRole('row', { name: /Lucie Bernard/ })).toContainText(
    'lucie.bernard@example.org',
  );
  await section(page, 'Contacts').getByRole('link', { name: 'Modifier le contact Lucie Bernard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modification du contact');
  await expect(page.getByLabel('Prénom')).toHaveValue('Lucie');
  await page.getByLabel('Téléphone').fill('03 80 00 00 00');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section(page, 'Contacts').getByRole('row', { name: /Lucie Bernard/ })).toContainText(
    '03 80 00 00 00',
  );

  // a photo: only images are accepted, a preview, then the upload
  const photos = section(page, 'Photos');
  await photos
    .getByLabel('Choisir une photo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(photos.getByRole('alert')).toContainText("« notes.txt » n'est pas une image acceptée");
  await photos
    .getByLabel('Choisir une photo')
    .setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: PNG });
  await expect(photos.getByRole('img', { name: 'Aperçu de facade.png' })).toBeVisible();
  await photos.getByRole('button', { name: 'Envoyer la photo' }).click();
  await expect(photos.getByRole('img', { name: 'facade.png', exact: true })).toBeVisible();

  // a metadata entry
  const metadata = section(page, 'Métadonnées');
  await metadata.getByLabel('Clé').fill('capacite');
  await metadata.getByLabel('Valeur').fill('12 000 EH');
  await metadata.getByRole('button', { name: 'Ajouter' }).click();
  await expect(metadata.getByRole('row', { name: /capacite/ })).toContainText('12 000 EH');
  await axe();

  // all of it after a reload
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site industriel : Station de Chenôve');
  await expect(section(page, 'Contacts').getByRole('row', { name: /Lucie Bernard/ })).toContainText(
    '03 80 00 00 00',
  );
  await expect(section(page, 'Photos').getByRole('img', { name: 'facade.png', exact: true })).toBeVisible();
  await expect(section(page, 'Métadonnées').getByRole('row', { name: /capacite/ })).toContainText(
    '12 000 EH',
  );
  await expect(page.getByText('Zone définie : un polygone de 5 points.')).toBeVisible();

  // and in the list, with its organizations count
  await page.getByRole('link', { name: 'Retour' }).click();
  await list.expectCount(sites + 1);
  await expect(list.row('Station de Chenôve')).toContainText(
    /Station de Chenôve\s*Station d'épuration\s*-\s*1/,
  );
});

interface SiteState {
  tables: {
    industrialSites: { id: number; name: string }[];
    siteContacts: { id: number; siteId: number; firstName: string; lastName: string }[];
    sitePhotos: { id: number; ownerId: number; fileName: string }[];
    siteMetadata: { id: number; siteId: number; key: string; value: string }[];
  };
}

test('an existing site: contact, photo and metadata deletions ask for a confirmation and remove exactly one', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const before = (await mock.exportState<SiteState>()).tables;
  const site = before.industrialSites.find((s) => s.name.includes('Dijon-Longvic'));
  if (!site) throw new Error('the scenario has the Dijon-Longvic site');
  const contactsBefore = before.siteContacts.filter((c) => c.siteId === site.id);
  const photosBefore = before.sitePhotos.filter((p) => p.ownerId === site.id);
  const metadataBefore = before.siteMetadata.filter((m) => m.siteId === site.id);
  expect([contactsBefore.length, photosBefore.length, metadataBefore.length].every((n) => n > 0)).toBe(true);

  await signInAs('contract-admin', TerritorialAdminPage.path('Sites industriels'));
  await list
    .row('Dijon-Longvic')
    .getByRole('link', { name: /Voir le site/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Site industriel : .*Dijon-Longvic/);

  // rows are counted by their delete button: an empty table's message row is not a contact
  const contacts = section(page, 'Contacts');
  const contactDeletes = contacts.getByRole('button', { name: /^Supprimer le contact/ });
  await expect(contactDeletes).toHaveCount(contactsBefore.length);
  const confirmation = new Dialog(page);
  await contactDeletes.first().click();
  await confirmation.button('Supprimer').click();
  await confirmation.expectHidden();
  await expect(contactDeletes).toHaveCount(contactsBefore.length - 1);

  const photos = section(page, 'Photos');
  const photoDeletes = photos.getByRole('button', { name: /^Supprimer la photo/ });
  await expect(photos.getByRole('listitem').first().getByRole('img')).toBeVisible();
  await expect(photoDeletes).toHaveCount(photosBefore.length);
  await photoDeletes.first().click();
  await confirmation.button('Supprimer').click();
  await confirmation.expectHidden();
  await expect(photoDeletes).toHaveCount(photosBefore.length - 1);

  const metadata = section(page, 'Métadonnées');
  const metadataDeletes = metadata.getByRole('button', { name: /^Supprimer la métadonnée/ });
  await expect(metadataDeletes).toHaveCount(metadataBefore.length);
  await metadataDeletes.first().click();
  await confirmation.button('Supprimer').click();
  await confirmation.expectHidden();
  await expect(metadataDeletes).toHaveCount(metadataBefore.length - 1);

  // the server removed exactly one of each, nothing of another site
  const after = (await mock.exportState<SiteState>()).tables;
  expect(after.siteContacts.filter((c) => c.siteId === site.id)).toHaveLength(contactsBefore.length - 1);
  expect(after.sitePhotos.filter((p) => p.ownerId === site.id)).toHaveLength(photosBefore.length - 1);
  expect(after.siteMetadata.filter((m) => m.siteId === site.id)).toHaveLength(metadataBefore.length - 1);
  expect(after.siteContacts).toHaveLength(before.siteContacts.length - 1);
  expect(after.sitePhotos).toHaveLength(before.sitePhotos.length - 1);
  expect(after.siteMetadata).toHaveLength(before.siteMetadata.length - 1);
  const gone = contactsBefore.find((c) => !after.siteContacts.some((a) => a.id === c.id));
  await expect(contacts.getByText(`${gone?.firstName ?? ''} ${gone?.lastName ?? ''}`)).toHaveCount(0);
  const goneKey = metadataBefore.find((m) => !after.siteMetadata.some((a) => a.id === m.id));
  await expect(
    metadata.getByRole('button', { name: `Supprimer la métadonnée ${goneKey?.key ?? ''}`, exact: true }),
  ).toHaveCount(0);
  // and the page says the same after a reload
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Site industriel : .*Dijon-Longvic/);
  await expect(metadataDeletes).toHaveCount(metadataBefore.length - 1);
  await expect(photoDeletes).toHaveCount(photosBefore.length - 1);
  await expect(contactDeletes).toHaveCount(contactsBefore.length - 1);
});

test('site administration is refused to an industrial-site user', async ({ page, signInAs }) => {
  await signInAs('site-user', '/gestion-territoriale/site-industriel/creation');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas les droits" })).toBeVisible();
});

test('a zone drawn point by point on the map is saved with the site', async ({ page, signInAs }) => {
  await signInAs('contract-admin', '/gestion-territoriale/site-industriel/creation');
  await page.getByLabel('Nom', { exact: true }).fill('Bassin de Longvic');
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Installation classée' });
  await expect(page.getByText('Aucune zone définie.')).toBeVisible();
  await page.getByRole('button', { name: 'Dessiner la zone' }).click();
  const zoneMap = new MapView(page, 'Carte de la zone du site');
  await zoneMap.open();
  const map = zoneMap.surface;
  await expect(map).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terminer le tracé' })).toBeDisabled();
  for (const [x, y] of [
    [100, 100],
    [220, 110],
    [200, 220],
    [120, 200],
  ] as const) {
    await map.click({ position: { x, y } });
  }
  await expect(page.getByText(/Tracé en cours : 4 points/)).toBeVisible();
  await page.getByRole('button', { name: 'Retirer le dernier point' }).click();
  await expect(page.getByText(/Tracé en cours : 3 points/)).toBeVisible();
  await page.getByRole('button', { name: 'Terminer le tracé' }).click();
  await expect(page.getByText('Zone définie : un polygone de 4 points.')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/gestion-territoriale\/site-industriel\/\d+$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site industriel : Bassin de Longvic');
  await expect(page.getByText('Zone définie : un polygone de 4 points.')).toBeVisible();
  // the zone can be cleared and the site saved without one
  await page.getByRole('button', { name: 'Effacer la zone' }).click();
  await expect(page.getByText('Aucune zone définie.')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le site a été enregistré.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Aucune zone définie.')).toBeVisible();
});

test('the sites list sorts by name and by type on the server, announced on the column; a failed load is logged', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await signInAs('contract-admin', TerritorialAdminPage.path('Sites industriels'));
  const tab = page.getByRole('region', { name: 'Sites industriels' });
  const sites = new PagedList(tab);
  const firstColumn = () => sites.column(1).allTextContents();
  await expect(sites.rows.nth(1)).toBeVisible();
  const name = sites.columnHeader(/^Nom/);
  const type = sites.columnHeader(/^Type/);
  await expect(name).toHaveAttribute('aria-sort', 'none');

  await name.getByRole('button').click();
  await expect(page).toHaveURL(/sites_sort=name/);
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => {
      const shown = await firstColumn();
      return shown.join('|') === [...shown].sort((a, b) => a.localeCompare(b, 'fr')).join('|');
    })
    .toBe(true);
  const calls = await mock.journal({ path: '/api/industrial-site' });
  expect(calls.some((c) => c.query.includes('orderColumn=name'))).toBe(true);
  await axe();

  // keyboard: the type heading is a button of its own
  await type.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(type).toHaveAttribute('aria-sort', 'ascending');
  await expect(name).toHaveAttribute('aria-sort', 'none');
  const types = sites.column(2);
  await expect
    .poll(async () => {
      const shown = await types.allTextContents();
      return shown.join('|') === [...shown].sort((a, b) => a.localeCompare(b, 'fr')).join('|');
    })
    .toBe(true);
  // the sort survives a reload (it is in the address)
  await page.reload();
  await expect(sites.columnHeader(/^Type/)).toHaveAttribute('aria-sort', 'ascending');

  // the load fails (and its one automatic retry): a warning with a retry, and the error logged
  await mock.faults.add({ method: 'GET', path: '/api/industrial-site', status: 500, times: 2 });
  await page.reload();
  await expect(tab.getByRole('alert')).toBeVisible();
  expect(logged.some((text) => text.includes('[industrial-site] listIndustrialSites failed'))).toBe(true);
  await tab.getByRole('button', { name: 'Réessayer' }).click();
  await expect(tab.getByRole('alert')).toHaveCount(0);
  await expect(sites.rows.nth(1)).toBeVisible();
});

test('leaving the site form with a change not saved asks first; Stay keeps what was typed', async ({
  page,
  signInAs,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale/site-industriel/creation');
  await page.getByLabel('Nom', { exact: true }).fill('Site non enregistré');
  await page.getByRole('link', { name: '← Retour' }).click();
  const question = new UnsavedChangesQuestion(page);
  await expect(question.root).toBeVisible();
  await question.stay();
  await expect(page).toHaveURL(/site-industriel\/creation/);
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Site non enregistré');
  await page.getByRole('link', { name: '← Retour' }).click();
  await question.leave();
  await expect(page).toHaveURL(/gestion-territoriale#sites-industriels|gestion-territoriale$/);
});
