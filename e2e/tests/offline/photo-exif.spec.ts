// A phone photo's EXIF time and position (docs/offline.md), on a phone, on the production build
// with its service worker: read from the file before its reduction, the position offered as the
// report's location when it has none (said, and undone at will), the time shown beside the photo;
// the file that reaches the server carries neither, with or without network.
import { jpegWithExif } from '@portal/fixtures/exif-jpeg';
import type { MockClient } from '../../fixtures/index.ts';
import { test, expect } from './offline-fixtures.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

const PHOTO = {
  name: 'éclairage-rue.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from(jpegWithExif({ takenAt: '2026:11:28 09:41:07', lat: 47.3215, lng: 5.0415 })),
};

interface ExifState {
  tables: {
    signals: { id: number; description: string; lat: number; lng: number }[];
    signalPhotos: { ownerId: number; fileName: string; data: string }[];
  };
}

/** The signal of this description on the server: its location, and its photos' names and bytes. */
async function onServer(mock: MockClient, description: string) {
  const state = await mock.exportState<ExifState>();
  return state.tables.signals
    .filter((s) => s.description === description)
    .map((s) => ({
      location: { lat: s.lat, lng: s.lng },
      photos: state.tables.signalPhotos
        .filter((p) => p.ownerId === s.id)
        .map((p) => ({ name: p.fileName, bytes: Buffer.from(p.data, 'base64') })),
    }));
}

/** Whether a JPEG still holds an EXIF segment (APP1 `Exif\0\0`). */
const hasExif = (bytes: Buffer) => bytes.includes(Buffer.from([0xff, 0xe1])) || bytes.includes('Exif\0\0');

test("offline: the photo's position becomes the location, its time is shown, the file sent is stripped", async ({
  page,
  fieldAgent,
  device,
  mock,
  reports,
}) => {
  test.setTimeout(120_000);
  expect(hasExif(PHOTO.buffer)).toBe(true);
  await fieldAgent.startOffline();
  await reports.openForm();
  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('EXIF hors ligne');
  await page.getByLabel('Photos').setInputFiles(PHOTO);
  await expect(
    page.getByText('Lieu du signalement repris de la photo « éclairage-rue.jpg » : 47.32150, 5.04150.'),
  ).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveValue('47.3215');
  await expect(page.getByLabel('Longitude')).toHaveValue('5.0415');
  const told = page.getByRole('list', { name: 'Prises de vue' });
  await expect(told).toContainText('éclairage-rue.jpg');
  await expect(told).toContainText(/prise le 28\/11\/2026.*09:41/);
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(reports.keptNotice).toBeVisible({ timeout: 30_000 });
  // the time stays with the report on the device, shown beside its photo in the queue
  await expect(reports.waitingItems.first()).toContainText(
    /« éclairage-rue\.jpg » prise le 28\/11\/2026.*09:41/,
  );
  await device.goOnline();
  await expect
    .poll(async () => (await onServer(mock, 'EXIF hors ligne')).length, { timeout: 30_000 })
    .toBe(1);
  await expect
    .poll(async () => (await onServer(mock, 'EXIF hors ligne'))[0]?.photos.length, { timeout: 30_000 })
    .toBe(1);
  const [signal] = await onServer(mock, 'EXIF hors ligne');
  expect(signal?.location.lat).toBeCloseTo(47.3215, 6);
  expect(signal?.location.lng).toBeCloseTo(5.0415, 6);
  expect(signal?.photos[0]?.name).toBe('éclairage-rue.jpg');
  const sent = signal?.photos[0]?.bytes ?? Buffer.alloc(0);
  expect(sent.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(hasExif(sent)).toBe(false);
});

test("online: undone, the photo's position leaves the location empty; a location typed first is kept", async ({
  page,
  fieldAgent,
  mock,
  reports,
}) => {
  test.setTimeout(90_000);
  await fieldAgent.startOnline();
  await reports.openForm();
  await page.getByLabel('Photos').setInputFiles(PHOTO);
  const filled = page.getByRole('status').filter({ hasText: 'Lieu du signalement repris de la photo' });
  await expect(filled).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveValue('47.3215');
  await filled.getByRole('button', { name: 'Annuler' }).click();
  await expect(filled).toBeHidden();
  await expect(page.getByLabel('Latitude')).toHaveValue('');
  await expect(page.getByLabel('Longitude')).toHaveValue('');

  // a place chosen by the agent is never replaced by the photo's
  await page.getByLabel('Latitude').fill('47.318');
  await page.getByLabel('Longitude').fill('5.035');
  await page.getByLabel('Photos').setInputFiles([]);
  await page.getByLabel('Photos').setInputFiles({ ...PHOTO, name: 'autre-photo.jpg' });
  await expect(page.getByRole('list', { name: 'Prises de vue' })).toContainText('autre-photo.jpg');
  await expect(filled).toBeHidden();
  await expect(page.getByLabel('Latitude')).toHaveValue('47.318');

  await page.getByLabel('Catégorie').selectOption({ label: 'Propreté' });
  await page.getByLabel('Description').fill('EXIF en ligne');
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page).toHaveURL(/\/signalement\/signal\/\d+$/);
  await expect(page.getByRole('img', { name: /autre-photo\.jpg/ })).toBeVisible();
  const [signal] = await onServer(mock, 'EXIF en ligne');
  expect(signal?.location).toEqual({ lat: 47.318, lng: 5.035 });
  expect(signal?.photos.map((p) => p.name)).toEqual(['autre-photo.jpg']);
  expect(hasExif(signal?.photos[0]?.bytes ?? Buffer.alloc(0))).toBe(false);
});
