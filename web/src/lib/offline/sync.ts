/**
 * Sends the waiting reports of the signed-in user when it can (docs/offline.md): at start, when
 * the network comes back (`online`), when the service worker's Background Sync fires (it asks the
 * page: the token lives in the page), and after the backoff's delay. One pass at a time. The list
 * the screens show (`useWaitingReports`) follows the store after every change.
 * Loaded after the first paint of a signed-in page only (app-shell.tsx). The sending itself (the
 * queue's rules and its calls) loads with the first pass that has a report to send: a page with
 * nothing waiting reads the list and no more.
 */
import { ApiError } from '../api-client';
import { sessionStore } from '../auth/session-store';
import { getToken } from '../auth/storage';
import { createStore, useStore } from '../store';
import type { Attempt, AttemptOptions, ReportSender } from './report-queue';
import { deleteReport, reportsOf, type WaitingReport } from './report-store';

/** The message the service worker sends when Background Sync fires. */
const SYNC_MESSAGE = 'send-waiting-reports';
/** Fired on window once a pass has sent reports (the signals list is read again). */
export const REPORTS_SENT_EVENT = 'portal:reports-sent';
/** The Background Sync tag registered when a report is kept. */
const SYNC_TAG = 'send-waiting-reports';

const waiting = createStore<readonly WaitingReport[]>([]);

/** The token this page signed in with: the reports are sent with it only. */
let sessionToken: string | null = null;

/**
 * Refuses to send when the stored token is no longer the one this page's user signed in with
 * (another user signed in from another tab): the reports of this page's user are never sent with
 * another user's token; they wait for their own user's sign-in.
 */
function sameUser(): void {
  if (getToken() !== sessionToken) throw new ApiError(401, 'another user signed in on this device');
}

/**
 * The queue and its calls, loaded once (precached by the service worker: offline too): the form's
 * sender makes the calls with the token of the user at the form; the passes' sender checks first
 * that it is still this page's user. A load that failed is tried again by the next pass.
 */
let loaded: ReturnType<typeof loadSending> | undefined;
function sending(): ReturnType<typeof loadSending> {
  loaded ??= loadSending().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function loadSending() {
  const [{ attemptReport, sendWaitingReports }, { createSignal, uploadSignalPhoto }] = await Promise.all([
    import('./report-queue'),
    import('./report-calls'),
  ]);
  const formSender: ReportSender = { createSignal, uploadPhoto: uploadSignalPhoto };
  const sender: ReportSender = {
    createSignal: (body, key) => {
      sameUser();
      return createSignal(body, key);
    },
    uploadPhoto: (signalId, photo, key, onProgress) => {
      sameUser();
      return uploadSignalPhoto(signalId, photo, key, onProgress);
    },
  };
  return { attemptReport, sendWaitingReports, formSender, sender };
}

/** The reports the report form is sending at this moment: a pass leaves them to it. */
const busy = new Set<string>();

/**
 * The reports a report form holds after the server failed on them (5xx): the form's next press
 * sends them, with what is on screen then; a pass leaves them alone until the form lets go.
 */
const held = new Set<string>();

/** Holds a report for the form; the answer lets it go (the queue then sends it). */
export function holdReport(id: string): () => void {
  held.add(id);
  return () => {
    if (!held.delete(id)) return;
    void sendNow(false);
  };
}

/**
 * Sends one report at once (the report form's save), with the same keys and rules as the waiting
 * reports: the pass in progress, if any, leaves it alone.
 */
export async function sendReportNow(
  report: WaitingReport,
  options: Pick<AttemptOptions, 'persist' | 'track' | 'done'> = {},
): Promise<Attempt> {
  busy.add(report.id);
  try {
    const { attemptReport, formSender } = await sending();
    return await attemptReport(report, formSender, options);
  } finally {
    busy.delete(report.id);
  }
}

const userId = (): number | null => sessionStore.get().user?.id ?? null;

/** Reads the user's reports again into the list the screens show. */
export async function refreshWaiting(): Promise<void> {
  const id = userId();
  // a browser without IndexedDB keeps nothing on the device
  waiting.set(id === null || typeof indexedDB === 'undefined' ? [] : await reportsOf(id));
}

let pass: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

async function runPass(force: boolean): Promise<void> {
  const id = userId();
  // before the start, the token this page signed in with is not known yet: the start sends them
  if (id === null || !started) return;
  clearTimeout(timer);
  const { sendWaitingReports, sender } = await sending();
  const result = await sendWaitingReports(id, sender, {
    force,
    skip: (report) => busy.has(report) || held.has(report),
  });
  await refreshWaiting();
  if (result.sent > 0) window.dispatchEvent(new Event(REPORTS_SENT_EVENT));
  if (result.retryAt !== null && !result.signInNeeded && navigator.onLine !== false)
    timer = setTimeout(() => void sendNow(false), Math.max(0, result.retryAt - Date.now()));
}

/** Sends what can be sent now; a call during a pass runs one more pass after it. */
export function sendNow(force = true): Promise<void> {
  if (pass) {
    again = true;
    return pass;
  }
  pass = runPass(force)
    .catch((error: unknown) => console.warn('sending the waiting reports failed', error))
    .finally(() => {
      pass = null;
      if (again) {
        again = false;
        void sendNow(force);
      }
    });
  return pass;
}

/** Asks the service worker to wake the page when the network is back (Background Sync, where the browser has it). */
export async function askBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync: the online event and the next start send them
  }
}

let started = false;

/**
 * Asks the browser to keep the portal's storage when room runs short (the reports waiting on the
 * device would otherwise be the first to go); the browser may grant it or not.
 */
async function keepStorage(): Promise<void> {
  try {
    if (!(await navigator.storage?.persisted?.())) await navigator.storage?.persist?.();
  } catch {
    // a browser without the Storage API: nothing to ask
  }
}

/** Starts the sending once per page, for the signed-in user. */
export function startReportSync(): void {
  if (started) return;
  started = true;
  // a browser without IndexedDB keeps nothing on the device: there is nothing to send
  if (typeof indexedDB === 'undefined') return;
  sessionToken = getToken();
  void keepStorage();
  window.addEventListener('online', () => void sendNow(true));
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === SYNC_MESSAGE) void sendNow(true);
  });
  void refreshWaiting().then(
    // nothing waiting: no pass, and the sending code is not loaded
    () => (waiting.get().length > 0 ? sendNow(true) : undefined),
    // the device's storage refused (a private window, a full disk): the portal works online as before
    (error: unknown) => console.warn('The reports waiting on this device cannot be read', error),
  );
}

/** The signed-in user's waiting reports, oldest first. */
export const useWaitingReports = (): readonly WaitingReport[] => useStore(waiting);

/** Deletes one of the user's waiting reports. */
export async function discardReport(id: string): Promise<void> {
  const user = userId();
  if (user === null) return;
  await deleteReport(user, id);
  await refreshWaiting();
}

/** How many reports the user has not sent yet (the logout asks first when there are any). */
export async function unsentCount(): Promise<number> {
  const id = userId();
  return id === null ? 0 : (await reportsOf(id)).length;
}
