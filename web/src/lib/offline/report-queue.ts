/**
 * Sends the reports waiting on the device (docs/offline.md), in creation order, each signal before
 * its photos. Every call carries a key made on the device (Idempotency-Key): the signal's is the
 * report's id, a photo's is the report's id and the photo's place, so a call whose answer was lost
 * is sent again with the same key and the server creates nothing twice.
 *
 * - no answer (network) or a server failure (5xx, 408, 429): the report waits, retried after a
 *   growing delay; the reports after it wait too (order is kept);
 * - 401: the token has expired; every report is held until the user signs in again;
 * - any other refusal (400: a category removed...): that report is kept with the server's reason,
 *   for correction, and the next reports go on.
 */
import { ApiError, type UploadProgress } from '../api-client';
import { deleteReport, reportsOf, saveReport, type WaitingReport } from './report-store';

/** The two calls of a report, with their key; `onProgress` follows a photo's upload. */
export interface ReportSender {
  createSignal(body: WaitingReport['body'], key: string): Promise<{ id: number }>;
  uploadPhoto(
    signalId: number,
    photo: File,
    key: string,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<unknown>;
}

/** What a pass did: reports sent, refused, still waiting, and whether a sign-in holds them. */
export interface SendResult {
  sent: number;
  refused: number;
  waiting: number;
  signInNeeded: boolean;
  /** the earliest time a waiting report may be tried again (null: none waits) */
  retryAt: number | null;
}

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

/** The delay before the next try after `attempts` failures: 2 s doubled each time, at most 5 min. */
export function backoffDelay(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

export const photoKey = (reportId: string, index: number) => `${reportId}:photo:${index}`;

type Failure = 'retry' | 'sign-in' | 'refused';

// 409: the same key is still being answered (a call of this report in flight elsewhere): later
function kindOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 401) return 'sign-in';
  const { status } = error;
  if (status === 0 || status >= 500 || status === 408 || status === 409 || status === 429) return 'retry';
  return 'refused';
}

/** A photo the server refused after its signal was made; the report's other photos went on. */
class PhotosRefused extends Error {
  constructor(readonly first: ApiError) {
    super(first.message);
  }
}

/** How a report's progress is kept: on the device, or nowhere (a device that cannot keep it). */
type Persist = (report: WaitingReport) => Promise<void>;

/** How one report's sending is followed (the form's progress bar). */
export interface AttemptOptions {
  now?: () => number;
  persist?: Persist;
  /** a photo's upload starts: answers the function its progress goes to */
  track?: (name: string) => ((progress: UploadProgress) => void) | undefined;
  /** a photo's upload ended */
  done?: () => void;
}

/**
 * Sends one report's calls not yet answered, each with its key; saves its progress after each. A
 * photo the server refuses is marked so (never sent again) and the others go on.
 */
async function sendOne(report: WaitingReport, sender: ReportSender, options: AttemptOptions): Promise<void> {
  const persist = options.persist ?? saveReport;
  if (report.signalId === undefined) {
    const signal = await sender.createSignal(report.body, report.id);
    report.signalId = signal.id;
    await persist(report);
  }
  let refused: ApiError | null = null;
  for (const [index, photo] of report.photos.entries()) {
    if (photo.sent || photo.dropped || photo.refused) continue;
    const file = new File([photo.blob], photo.name, { type: photo.type });
    try {
      await sender.uploadPhoto(
        report.signalId,
        file,
        photoKey(report.id, index),
        options.track?.(photo.name),
      );
      photo.sent = true;
    } catch (error) {
      if (!(error instanceof ApiError) || kindOf(error) !== 'refused') throw error;
      photo.refused = { status: error.status, message: error.message };
      refused ??= error;
    } finally {
      options.done?.();
    }
    await persist(report);
  }
  if (refused) throw new PhotosRefused(refused);
}

/** What one try of a report ended with. */
export type Attempt = 'sent' | Failure;

/**
 * One try of one report: every call not yet answered, with the report's keys. Sent: it leaves the
 * device. Refused: kept with the server's reason (a signal already made keeps its id: a correction
 * sends only what is missing). No answer, or a server in trouble: kept, tried again after the
 * backoff. 401: held until the user signs in again.
 */
export async function attemptReport(
  report: WaitingReport,
  sender: ReportSender,
  options: AttemptOptions = {},
): Promise<Attempt> {
  const now = options.now ?? Date.now;
  const persist = options.persist ?? saveReport;
  report.lastTryAt = now();
  try {
    await sendOne(report, sender, options);
    await deleteReport(report.userId, report.id).catch(() => undefined);
    return 'sent';
  } catch (caught) {
    const error = caught instanceof PhotosRefused ? caught.first : caught;
    const kind = kindOf(error);
    if (kind === 'refused') {
      report.state = 'refused';
      report.reason = error instanceof Error ? error.message : String(error);
      report.reasonStatus = error instanceof ApiError ? error.status : 0;
      report.fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
    } else if (kind === 'sign-in') {
      report.state = 'needs-sign-in';
    } else {
      report.state = 'waiting';
      // the server's answer, when there was one (a 5xx): the form says it
      report.reason = error instanceof Error ? error.message : String(error);
      report.reasonStatus = error instanceof ApiError ? error.status : 0;
      report.attempts++;
      report.nextAttemptAt = now() + backoffDelay(report.attempts);
    }
    await persist(report);
    return kind;
  }
}

/**
 * One pass over the user's reports. `force` ignores the backoff's delays (the network came back,
 * the app started, the user asked).
 */
export async function sendWaitingReports(
  userId: number,
  sender: ReportSender,
  {
    force = false,
    now = Date.now,
    skip = () => false,
  }: { force?: boolean; now?: () => number; skip?: (id: string) => boolean } = {},
): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: 0, waiting: 0, signInNeeded: false, retryAt: null };
  let blocked = false;
  for (const report of await reportsOf(userId)) {
    if (report.state === 'refused') {
      result.refused++;
      continue;
    }
    // being sent by the report form at this moment: its own try decides
    if (skip(report.id)) {
      blocked = true;
      result.waiting++;
      continue;
    }
    // behind a report that waits, every later one waits too: they go in creation order
    if (blocked) {
      result.waiting++;
      continue;
    }
    if (!force && report.nextAttemptAt > now()) {
      blocked = true;
      result.waiting++;
      result.retryAt = report.nextAttemptAt;
      continue;
    }
    const outcome = await attemptReport(report, sender, { now });
    if (outcome === 'sent') {
      result.sent++;
    } else if (outcome === 'refused') {
      result.refused++;
    } else {
      blocked = true;
      result.waiting++;
      if (outcome === 'sign-in') result.signInNeeded = true;
      else result.retryAt = report.nextAttemptAt;
    }
  }
  // the ones after a report held by the sign-in are held too
  if (result.signInNeeded) await holdForSignIn(userId);
  return result;
}

async function holdForSignIn(userId: number): Promise<void> {
  for (const report of await reportsOf(userId)) {
    if (report.state !== 'waiting') continue;
    report.state = 'needs-sign-in';
    await saveReport(report);
  }
}
