/**
 * The report form's save (docs/offline.md): with network, the signal then its photos are sent at
 * once, each with the key made on the device; with none (the browser says so, or a call gets no
 * answer, a timeout included), the report, or what remains of it, is kept on the device under the
 * same keys, so that a call whose answer was lost creates nothing twice when it is sent again.
 */
import type { Signal } from '@portal/contract';
import { ApiError, type UploadProgress } from '../api-client';
import { keepReport, newReportKey } from './keep-report';
import { createSignal, uploadSignalPhoto } from './report-calls';
import { isTransient, photoKey } from './report-queue';
import type { SignalInput } from './report-store';
import { askBackgroundSync, discardReport, refreshWaiting } from './sync';

export type SaveOutcome =
  { kind: 'sent'; signal: Signal; failures: { name: string; error: unknown }[] } | { kind: 'kept' };

async function keep(
  userId: number,
  body: SignalInput,
  files: readonly File[],
  options: Parameters<typeof keepReport>[3],
): Promise<SaveOutcome> {
  await keepReport(userId, body, files, options);
  await refreshWaiting();
  void askBackgroundSync();
  return { kind: 'kept' };
}

/** How a photo's upload is shown: `track` starts one, `done` ends it (upload-progress.tsx). */
interface Progress {
  track(name: string): (progress: UploadProgress) => void;
  done(): void;
}

/**
 * Sends the report or keeps it; `replaces`: the refused report being corrected; a photo refused
 * (not a missing answer) is a failure the form reports, the signal being created.
 */
export async function sendOrKeep(
  userId: number,
  body: SignalInput,
  files: readonly File[],
  { replaces, progress }: { replaces?: string; progress?: Progress } = {},
): Promise<SaveOutcome> {
  const id = newReportKey();
  if (navigator.onLine === false) return keep(userId, body, files, { id, replaces });
  let signal: Signal;
  try {
    signal = await createSignal(body, id);
  } catch (error) {
    // no answer at all: kept for later; an answer, even a server failure, is said on the form,
    // which keeps what was typed for the agent to send again (the background queue retries 5xx)
    if (!(error instanceof ApiError) || error.kind !== 'http')
      return keep(userId, body, files, { id, replaces });
    throw error;
  }
  const failures: { name: string; error: unknown }[] = [];
  for (const [index, file] of files.entries()) {
    try {
      await uploadSignalPhoto(signal.id, file, photoKey(id, index), progress?.track(file.name));
    } catch (error) {
      if (isTransient(error))
        return keep(userId, body, files, { id, replaces, signalId: signal.id, sentPhotos: index });
      failures.push({ name: file.name, error });
    } finally {
      progress?.done();
    }
  }
  if (replaces) await discardReport(replaces);
  return { kind: 'sent', signal, failures };
}
