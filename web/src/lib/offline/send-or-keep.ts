/**
 * The report form's save (docs/offline.md): the report is kept on the device first, with its key
 * and its photos as they will be sent (compressed once), then sent at once when there is network.
 * It leaves the device only once the server has answered for the signal and every photo; any other
 * end leaves it waiting under the same keys (the queue, a correction, a relaunch send it again and
 * the server answers what it made), so that nothing is lost and nothing is made twice.
 */
import { PHOTO_MAX_BYTES } from '@portal/contract/constants';
import type { UploadProgress } from '../api-client';
import { compressPhotos, reportFor, sameBody } from './keep-report';
import { signalMayExist } from './report-checks';
import { signalMadeFrom } from './report-calls';
import { PhotoTooLarge, ReportGone, StorageUnavailable } from './save-failures';
import { deleteReport, reportOf, saveReport, type WaitingPhoto, type WaitingReport } from './report-store';
import { askBackgroundSync, refreshWaiting, sendNow, sendReportNow } from './sync';

/**
 * sent: the signal and every photo answered (`refusedPhotos`: the ones the server refused); kept:
 * no answer, or a server in trouble, the report waits on the device (`reason`); refused: the server
 * refused the signal itself, the report is kept as refused for correction; failed: the server
 * answered a failure (5xx), the report waits on the device under its key (the queue sends it, and
 * so does the form's next press, with the same key).
 */
export type SaveOutcome =
  | {
      kind: 'sent';
      signalId: number;
      refusedPhotos: WaitingPhoto[];
      /**
       * the server had made the signal of an earlier try before failing (5xx): the text changed
       * since could not be sent (a signal cannot be changed once made), the photos went to it
       */
      textKept?: boolean;
    }
  | { kind: 'kept'; reason: 'offline' | 'no-answer' | 'sign-in' }
  | { kind: 'refused'; reportId: string; report: WaitingReport }
  | { kind: 'failed'; reportId: string; report: WaitingReport };

/** How a photo's upload is shown: `track` starts one, `done` ends it (upload-progress.tsx). */
interface Progress {
  track(name: string): (progress: UploadProgress) => void;
  done(): void;
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/**
 * Keeps the report, then sends it when the browser says there is network. `replaces`: the report
 * being corrected (refused, or the same form's previous try). A device that cannot keep anything
 * still sends with network (nothing is then kept between the calls); without network it throws
 * `StorageUnavailable`.
 */
export async function sendOrKeep(
  userId: number,
  body: Parameters<typeof reportFor>[1],
  files: readonly File[],
  {
    replaces,
    progress,
    onStored,
  }: {
    replaces?: string;
    progress?: Progress;
    /** the report is on the device (or, a device that keeps nothing, about to be sent) */
    onStored?: () => void;
  } = {},
): Promise<SaveOutcome> {
  let previous: WaitingReport | undefined;
  let stored = true;
  try {
    previous = replaces ? await reportOf(userId, replaces) : undefined;
  } catch {
    stored = false;
  }
  // compressed before the size is checked: a camera's 8 MB photo is kept at about 0.35 MB
  const photos = await compressPhotos(files);
  const tooLarge = photos.find((photo) => photo.blob.size > PHOTO_MAX_BYTES);
  if (tooLarge) throw new PhotoTooLarge(tooLarge.name);
  // the report being corrected was sent meanwhile (the queue got there first): never a second one
  if (replaces && stored && !previous) throw new ReportGone();
  // the text changed after a try the server failed on without saying whether it made the signal:
  // the server is asked (a failure of this look is the form's to show, nothing changed); the same
  // key goes again only with the same body, so a signal it did not make is made with the new text
  let madeAlready: number | null = null;
  const edited =
    !!previous &&
    previous.signalId === undefined &&
    signalMayExist(previous) &&
    !sameBody(previous.body, body);
  if (previous && edited) madeAlready = await signalMadeFrom(previous.body, previous.createdAt);
  const report =
    previous && edited
      ? madeAlready === null
        ? reportFor(userId, body, photos, previous, false)
        : { ...reportFor(userId, body, photos, previous, true), signalId: madeAlready }
      : reportFor(userId, body, photos, previous);
  if (stored) {
    try {
      await saveReport(report);
      if (previous && previous.id !== report.id) await deleteReport(userId, previous.id);
    } catch (error) {
      stored = false;
      if (navigator.onLine === false) throw new StorageUnavailable(isQuotaError(error), error);
    }
  } else if (navigator.onLine === false) {
    throw new StorageUnavailable(false, new Error('IndexedDB cannot be opened'));
  }
  onStored?.();
  await refreshWaiting().catch(() => undefined);
  if (navigator.onLine === false) {
    void askBackgroundSync();
    return { kind: 'kept', reason: 'offline' };
  }
  const outcome = await sendReportNow(report, {
    ...(stored ? {} : { persist: async () => undefined }),
    ...(progress ? { track: (name: string) => progress.track(name), done: () => progress.done() } : {}),
  });
  await refreshWaiting().catch(() => undefined);
  if (outcome === 'sent')
    return {
      kind: 'sent',
      signalId: report.signalId as number,
      refusedPhotos: [],
      ...(madeAlready !== null ? { textKept: true } : {}),
    };
  if (outcome === 'refused') {
    // the signal made, only photos refused: it is on the server, said on its page; nothing waits
    if (report.signalId !== undefined) {
      await deleteReport(userId, report.id).catch(() => undefined);
      await refreshWaiting().catch(() => undefined);
      return {
        kind: 'sent',
        signalId: report.signalId,
        refusedPhotos: report.photos.filter((p) => p.refused),
        ...(madeAlready !== null ? { textKept: true } : {}),
      };
    }
    return { kind: 'refused', reportId: report.id, report };
  }
  void askBackgroundSync();
  // tried again after the backoff's delay, by the queue
  void sendNow(false);
  // the server answered with a failure: said on the form, whose next press sends this same report
  if (outcome === 'retry' && (report.reasonStatus ?? 0) >= 500)
    return { kind: 'failed', reportId: report.id, report };
  return { kind: 'kept', reason: outcome === 'sign-in' ? 'sign-in' : 'no-answer' };
}
