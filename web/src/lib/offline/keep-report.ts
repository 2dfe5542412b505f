/**
 * Keeps a report on the device (docs/offline.md): its photos compressed in the browser first
 * (bounded size), and the storage's room checked before the agent types.
 */
import {
  deleteReport,
  reportOf,
  saveReport,
  type SignalInput,
  type WaitingPhoto,
  type WaitingReport,
} from './report-store';

/** A photo kept on the device weighs at most this (the upload limit is larger). */
const PHOTO_MAX_MB = 0.5;
const PHOTO_MAX_SIDE = 1600;
/** Below this much free room, the agent is told before typing that a report may not be kept. */
export const LOW_STORAGE_BYTES = 10 * 1024 * 1024;

/** A new key made on the device: a report's id, also its Idempotency-Key. */
export function newReportKey(): string {
  return crypto.randomUUID();
}

/** The photo made smaller in the browser; the original when it cannot be (an unreadable image). */
async function compressed(file: File): Promise<WaitingPhoto> {
  try {
    const { default: compress } = await import('browser-image-compression');
    // no web worker: the library would fetch its worker's script from a CDN (no network, and the CSP)
    const small = await compress(file, {
      maxSizeMB: PHOTO_MAX_MB,
      maxWidthOrHeight: PHOTO_MAX_SIDE,
      useWebWorker: false,
    });
    return { name: file.name, type: small.type || file.type, blob: small };
  } catch {
    return { name: file.name, type: file.type, blob: file };
  }
}

/**
 * Keeps a new report (or a corrected one, under a new key since its body changed) for the user.
 * `signalId`: the signal was created already and only its photos from `sentPhotos` on remain.
 */
export async function keepReport(
  userId: number,
  body: SignalInput,
  files: readonly File[],
  options: { id?: string; signalId?: number; sentPhotos?: number; replaces?: string } = {},
): Promise<WaitingReport> {
  const previous = options.replaces ? await reportOf(userId, options.replaces) : undefined;
  const photos = await Promise.all(files.map(compressed));
  photos.forEach((photo, index) => {
    if (index < (options.sentPhotos ?? 0)) photo.sent = true;
  });
  const report: WaitingReport = {
    id: options.id ?? newReportKey(),
    userId,
    // a corrected report keeps its place in the order
    createdAt: previous?.createdAt ?? Date.now(),
    body,
    photos: previous && files.length === 0 ? previous.photos : photos,
    state: 'waiting',
    ...(options.signalId !== undefined ? { signalId: options.signalId } : {}),
    attempts: 0,
    nextAttemptAt: 0,
  };
  await saveReport(report);
  if (previous && previous.id !== report.id) await deleteReport(userId, previous.id);
  return report;
}

/** Free room of the device's storage for the portal, in bytes; null when the browser does not say. */
export async function freeStorage(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return null;
    return estimate.quota - (estimate.usage ?? 0);
  } catch {
    return null;
  }
}
