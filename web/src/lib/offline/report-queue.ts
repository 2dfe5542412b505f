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
import { ApiError } from '../api-client';
import { deleteReport, reportsOf, saveReport, type WaitingReport } from './report-store';

/** The two calls of a report, with their key. */
export interface ReportSender {
  createSignal(body: WaitingReport['body'], key: string): Promise<{ id: number }>;
  uploadPhoto(signalId: number, photo: File, key: string): Promise<unknown>;
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

/** Whether a failed call may succeed later unchanged: no answer, or a server in trouble. */
export function isTransient(error: unknown): boolean {
  return kindOf(error) === 'retry';
}

function kindOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 401) return 'sign-in';
  if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429)
    return 'retry';
  return 'refused';
}

/** Sends one report's calls not yet answered; saves its progress after each. */
async function sendOne(report: WaitingReport, sender: ReportSender): Promise<void> {
  if (report.signalId === undefined) {
    const signal = await sender.createSignal(report.body, report.id);
    report.signalId = signal.id;
    await saveReport(report);
  }
  for (const [index, photo] of report.photos.entries()) {
    if (photo.sent) continue;
    const file = new File([photo.blob], photo.name, { type: photo.type });
    await sender.uploadPhoto(report.signalId, file, photoKey(report.id, index));
    photo.sent = true;
    await saveReport(report);
  }
}

/**
 * One pass over the user's reports. `force` ignores the backoff's delays (the network came back,
 * the app started, the user asked).
 */
export async function sendWaitingReports(
  userId: number,
  sender: ReportSender,
  { force = false, now = Date.now }: { force?: boolean; now?: () => number } = {},
): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: 0, waiting: 0, signInNeeded: false, retryAt: null };
  let blocked = false;
  for (const report of await reportsOf(userId)) {
    if (report.state === 'refused') {
      result.refused++;
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
    try {
      await sendOne(report, sender);
      await deleteReport(userId, report.id);
      result.sent++;
      continue;
    } catch (error) {
      const kind = kindOf(error);
      if (kind === 'refused') {
        report.state = 'refused';
        report.reason = error instanceof Error ? error.message : String(error);
        report.fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
        await saveReport(report);
        result.refused++;
        continue;
      }
      blocked = true;
      result.waiting++;
      if (kind === 'sign-in') {
        result.signInNeeded = true;
      } else {
        report.attempts++;
        report.nextAttemptAt = now() + backoffDelay(report.attempts);
        result.retryAt = report.nextAttemptAt;
      }
      report.state = kind === 'sign-in' ? 'needs-sign-in' : 'waiting';
      await saveReport(report);
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
