// What a field agent does around the report queue (docs/offline.md), on a phone, on the production
// build with its service worker: the shell's badge counts the reports waiting on every screen; a
// camera's 8 MB photo is kept offline; a half-typed report survives the app being closed; "Utiliser
// ma position" fills the location with its accuracy, without network; signing out without network
// ends on the portal's own page.
import { test, expect, countNamed } from './offline-fixtures.ts';
import { ReportsPage } from '../../pages/offline.ts';

test.use({
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  geolocation: { latitude: 47.3215, longitude: 5.0415, accuracy: 12 },
  permissions: ['geolocation'],
});

test('the badge of the shell counts the waiting reports on every screen', async ({
  page,
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOffline();
  await reports.report('Badge A');
  await reports.report('Badge B');
  await expect(reports.waitingItems).toHaveCount(2);
  const badge = page.getByRole('link', { name: 'Signalements non envoyés : 2 en attente' });
  await expect(badge).toBeVisible();
  // another screen of the shell: the badge is there too, and leads back to the list
  await page.goto('/');
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(reports.heading).toHaveText('Signalements');
  await device.goOnline();
  await expect.poll(() => countNamed(mock, 'Badge B'), { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('link', { name: /Signalements non envoyés/ })).toBeHidden();
});

test("a camera's 8 MB photo is accepted offline, kept compressed, and sent", async ({
  page,
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOffline();
  // a photo as a phone's camera makes it: a large JPEG of fine detail (noise), over 8 MB
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = context.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (Math.random() * 256) | 0;
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b as Blob), 'image/jpeg', 0.92),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  const photo = Buffer.from(base64, 'base64');
  expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);

  await reports.openForm();
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('Photo de 8 Mo');
  await page.getByLabel('Latitude').fill('47.318');
  await page.getByLabel('Longitude').fill('5.035');
  await page
    .getByLabel('Photos')
    .setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: photo });
  // no size refusal: it is compressed first
  await expect(page.getByText('dépasse')).toBeHidden();
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(reports.keptNotice).toBeVisible({ timeout: 60_000 });
  await expect(reports.waitingItems).toHaveCount(1);
  await device.goOnline();
  await expect.poll(() => countNamed(mock, 'Photo de 8 Mo'), { timeout: 30_000 }).toBe(1);
  const uploads = await mock.journal({ method: 'POST', status: 201 });
  const photoCall = uploads.find((e) => /\/photo$/.test(e.path));
  expect(photoCall).toBeDefined();
});

test('a half-typed report survives the app being closed, and is resumed or deleted', async ({
  page,
  context,
  fieldAgent,
  reports,
}) => {
  test.setTimeout(90_000);
  await fieldAgent.startOnline();
  await reports.openForm();
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('Trottoir à moitié décrit');
  await page.getByLabel('Latitude').fill('47.318');
  // kept as typed: the app is closed without a word
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('portal-report-draft:'))),
    )
    .toBe(true);
  await page.close();

  const again = new ReportsPage(await context.newPage());
  await again.openList();
  const draft = again.waitingItems.filter({ hasText: 'Brouillon : Trottoir à moitié décrit' });
  await expect(draft).toBeVisible();
  await draft.getByRole('link', { name: 'Reprendre' }).click();
  await expect(again.heading).toHaveText('Signaler');
  await expect(again.page.getByLabel('Description')).toHaveValue('Trottoir à moitié décrit');
  await expect(again.page.getByLabel('Latitude')).toHaveValue('47.318');
  await expect(again.page.getByText('Brouillon repris')).toBeVisible();
  // deleted from the list: gone
  await again.openList();
  await again.waitingItems
    .filter({ hasText: 'Brouillon' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(again.waiting).toBeHidden();
});

test('"Utiliser ma position" fills the location with its accuracy, without network', async ({
  page,
  context,
  fieldAgent,
  reports,
}) => {
  test.setTimeout(90_000);
  await fieldAgent.startOffline();
  await reports.openForm();
  await page.getByRole('button', { name: 'Utiliser ma position' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('47.3215');
  await expect(page.getByLabel('Longitude')).toHaveValue('5.0415');
  await expect(page.getByText('Position trouvée, à ± 12 m près.')).toBeVisible();
  // the map, opened, centres on it
  await reports.openFormMap();
  await expect(reports.formMap).toHaveAttribute('data-center', '47.3215,5.0415', {
    timeout: 10_000,
  });
  // a poor fix is said so
  await context.setGeolocation({ latitude: 47.33, longitude: 5.05, accuracy: 180 });
  await page.getByRole('button', { name: 'Utiliser ma position' }).click();
  await expect(page.getByText('Position imprécise (± 180 m)')).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveValue('47.33');
});

test("signing out without network ends on the portal's own page", async ({ page, fieldAgent, reports }) => {
  test.setTimeout(90_000);
  await fieldAgent.startOffline();
  await reports.report('Avant la déconnexion');
  await expect(reports.waitingItems).toHaveCount(1);
  await page.goto('/deconnexion');
  await page
    .getByRole('dialog', { name: 'Signalements non envoyés' })
    .getByRole('button', { name: 'Se déconnecter' })
    .click();
  await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se reconnecter' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("a work area's map downloaded before going out shows its tiles offline", async ({
  page,
  fieldAgent,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOnline();
  const area = page.getByRole('region', { name: 'Carte hors ligne' });
  await area.getByLabel('Rayon autour de ma position').selectOption({ label: '0,5 km' });
  await expect(area).toContainText(/\d+ tuiles, environ [\d,]+ Mo\./);
  await area.getByRole('button', { name: 'Télécharger la zone' }).click();
  await expect(area.getByRole('status')).toContainText(/Zone gardée sur l'appareil : \d+ tuiles, [\d,]+ Mo/, {
    timeout: 60_000,
  });
  await device.goOffline();
  await reports.openForm();
  await page.getByRole('button', { name: 'Utiliser ma position' }).click();
  // the map's code comes from the worker's cache
  await reports.openFormMap();
  await expect(reports.formMap).toHaveAttribute('data-center', '47.3215,5.0415', { timeout: 10_000 });
  // the tiles of the area show without network
  await expect.poll(() => reports.loadedTiles(), { timeout: 15_000 }).toBeGreaterThan(0);
});
