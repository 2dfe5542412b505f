/**
 * Keeps a report on the device (docs/offline.md): its photos compressed in the browser first
 * (bounded size). What the form checks before the agent types is in ./report-checks.ts.
 */
import {
  deleteReport,
  reportOf,
  saveReport,
  type SignalInput,
  type WaitingPhoto,
  type WaitingReport,
} from './report-store';
import { signalMayExist } from './report-checks';

/** A photo kept on the device weighs at most this (the upload limit is larger). */
const PHOTO_MAX_MB = 0.5;
const PHOTO_MAX_SIDE = 1600;

/** A new key made on the device: a report's id, also its Idempotency-Key. */
function newReportKey(): string {
  return crypto.randomUUID();
}

/**
 * The photo as it will be sent: made smaller in the browser (which drops its EXIF), or the original
 * without its metadata when it cannot be made smaller; its EXIF time and place read first, kept
 * with the report on the device only.
 */
async function compressed(file: File): Promise<WaitingPhoto> {
  // the EXIF reader loads with the first photo kept, not with the form (the service worker
  // precaches it: it loads offline too)
  const { readPhotoExif, withoutMetadata } = await import('../photo-exif');
  const exif = await readPhotoExif(file);
  const read = exif.takenAt || exif.position ? { exif } : {};
  const asChosen = async (): Promise<WaitingPhoto> => ({
    name: file.name,
    type: file.type,
    blob: await withoutMetadata(file),
    ...read,
  });
  // a drawing (SVG) or an animation (GIF) would lose what it is on a canvas: sent as chosen
  if (file.type === 'image/svg+xml' || file.type === 'image/gif') return asChosen();
  try {
    const { default: compress } = await import('browser-image-compression');
    // no web worker: the library would fetch its worker's script from a CDN (no network, and the CSP)
    const small = await compress(file, {
      maxSizeMB: PHOTO_MAX_MB,
      maxWidthOrHeight: PHOTO_MAX_SIDE,
      useWebWorker: false,
    });
    // a photo small already stays as it is (re-encoding it would only make it larger)
    if (small.size >= file.size) return await asChosen();
    return { name: file.name, type: small.type || file.type, blob: small, ...read };
  } catch {
    return asChosen();
  }
}

function withoutRefusal({ refused: _refused, ...photo }: WaitingPhoto): WaitingPhoto {
  return photo;
}

/** Whether two bodies of a report are the same request (the same key may then be sent again). */
export function sameBody(a: SignalInput, b: SignalInput): boolean {
  const wire = (body: SignalInput) =>
    JSON.stringify([
      body.contractId,
      Number(body.categoryId),
      body.description.trim(),
      (body.address ?? '').trim(),
      body.location.lat,
      body.location.lng,
    ]);
  return wire(a) === wire(b);
}

/** The photos as they will be sent: each compressed once, before any upload. */
export function compressPhotos(files: readonly File[]): Promise<WaitingPhoto[]> {
  return Promise.all(files.map(compressed));
}

/**
 * The report as it will be kept and sent, under its keys. A new report gets a new key. A correction
 * (`previous`) keeps its place in the order; when its signal may exist already, it keeps its key, its
 * signal and its body (only what is missing is sent): the photos refused are left out and the new
 * ones added after the others (each photo's key is its place); otherwise (the server refused the
 * signal itself, so nothing was made) it gets a new key, since its body changed, and the photos
 * given, or the previous ones when none are.
 */
export function reportFor(
  userId: number,
  body: SignalInput,
  photos: WaitingPhoto[],
  previous?: WaitingReport,
  /** whether the server may hold the previous report's signal (known after a look, else guessed) */
  serverMayHold: boolean = previous ? signalMayExist(previous) : false,
): WaitingReport {
  const base = { userId, state: 'waiting' as const, attempts: 0, nextAttemptAt: 0 };
  if (previous && serverMayHold) {
    return {
      ...base,
      id: previous.id,
      createdAt: previous.createdAt,
      body: previous.body,
      ...(previous.signalId !== undefined ? { signalId: previous.signalId } : {}),
      // every photo keeps its place (its key); a refused one gives way to the new ones, added after
      photos: [
        ...previous.photos.map((photo) =>
          photo.refused ? { ...withoutRefusal(photo), dropped: true } : photo,
        ),
        ...photos,
      ],
    };
  }
  return {
    ...base,
    id: newReportKey(),
    createdAt: previous?.createdAt ?? Date.now(),
    body,
    photos: previous && photos.length === 0 ? previous.photos.map(withoutRefusal) : photos,
  };
}

/**
 * Keeps a new report (or a corrected one, `replaces`) for the user, before any call: its photos
 * compressed once, so that every try sends the same bytes under the same keys.
 */
export async function keepReport(
  userId: number,
  body: SignalInput,
  files: readonly File[],
  options: { replaces?: string } = {},
): Promise<WaitingReport> {
  const previous = options.replaces ? await reportOf(userId, options.replaces) : undefined;
  const report = reportFor(userId, body, await compressPhotos(files), previous);
  await saveReport(report);
  if (previous && previous.id !== report.id) await deleteReport(userId, previous.id);
  return report;
}
