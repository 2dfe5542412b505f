// The offline portal as a field agent uses it (docs/offline.md): signed in once with network, the
// portal opens without network, reports made without network wait on the device (photos
// included) across reloads, and reach the mock exactly once, in order, when the network returns.
import { AGENT, test, expect, type ReportState } from './offline-fixtures.ts';
import { solidPng } from '../../fixtures/png.ts';

test.use({ serviceWorkers: 'allow' });

const NAMES = ['Hors ligne 1 : banc cassé', 'Hors ligne 2 : tag', 'Hors ligne 3 : nid-de-poule'];

async function signalsNamed(mock: { exportState<T>(): Promise<T> }, names: readonly string[]) {
  const state = await mock.exportState<ReportState>();
  const signals = state.tables.signals.filter((s) => names.includes(s.description));
  const photos = state.tables.signalPhotos.filter((p) => signals.some((s) => s.id === p.ownerId));
  return { signals, photos };
}

test('reports made without network are kept, then sent once each, in order, with their photos', async ({
  page,
  fieldAgent,
  mock,
  device,
  reports,
}) => {
  test.setTimeout(120_000);
  await fieldAgent.startOffline();
  await page.reload();
  // the app opens from the device
  await expect(reports.heading).toHaveText('Signalements');

  for (const [index, name] of NAMES.entries()) {
    await reports.report(name, solidPng(64, 48, [40 * index, 120, 200]));
    await expect(reports.heading).toHaveText('Signalements');
    await expect(reports.keptNotice).toBeVisible();
    await expect(reports.waitingItems).toHaveCount(index + 1);
  }
  await expect(reports.waitingItems.first()).toContainText('En attente du réseau');
  await expect(reports.waitingItems.first()).toContainText('1 photo');

  await page.reload();
  await expect(reports.heading).toHaveText('Signalements');
  await expect(reports.waitingItems).toHaveCount(3);
  await expect(reports.waitingItems).toContainText(NAMES);
  expect((await signalsNamed(mock, NAMES)).signals).toEqual([]);

  await device.goOnline();
  await expect.poll(async () => (await signalsNamed(mock, NAMES)).photos.length, { timeout: 20_000 }).toBe(3);
  await expect(reports.waiting).toBeHidden();
  const { signals, photos } = await signalsNamed(mock, NAMES);
  // exactly three, created in the order they were made, each with its photo
  expect(signals.map((s) => s.description)).toEqual(NAMES);
  expect([...signals].sort((a, b) => a.id - b.id).map((s) => s.description)).toEqual(NAMES);
  expect(photos).toHaveLength(3);
  expect(new Set(photos.map((p) => p.ownerId))).toEqual(new Set(signals.map((s) => s.id)));
  const journal = await mock.journal({ method: 'POST' });
  const creates = journal.filter((e) => e.path === '/api/signal');
  const uploads = journal.filter((e) => /^\/api\/signal\/\d+\/photo$/.test(e.path));
  expect(creates.map((e) => e.status)).toEqual([201, 201, 201]);
  expect(uploads.map((e) => e.status)).toEqual([201, 201, 201]);
  // each photo after its signal
  for (const [index, signal] of signals.entries()) {
    const created = journal.indexOf(creates[index] as (typeof journal)[number]);
    const uploaded = journal.findIndex((e) => e.path === `/api/signal/${signal.id}/photo`);
    expect(uploaded).toBeGreaterThan(created);
  }
});

test('the production build is installable: manifest, icons, a service worker in control', async ({
  portalDocument,
  page,
  signInAs,
  reports,
}) => {
  await signInAs(AGENT, '/signalement');
  await expect(reports.heading).toHaveText('Signalements');
  const href = await portalDocument.manifest();
  expect(href).toBeTruthy();
  const manifest = (await (await page.request.get(href as string)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe('Portail');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon, `a ${size} PNG icon`).toBeTruthy();
    const image = await page.request.get(icon!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  await reports.waitForServiceWorker();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/', page.url()).href);
});
