/**
 * What the report form checks as it opens (docs/offline.md), apart from the code that keeps a
 * report (./keep-report.ts, loaded with the first save): whether a report's signal may be on the
 * server already, and whether the device's storage can hold a report.
 */
import { storeOpens, type WaitingReport } from './report-store';

/** Below this much free room, the agent is told before typing that a report may not be kept. */
const LOW_STORAGE_BYTES = 10 * 1024 * 1024;

/**
 * Whether the server may hold this report's signal: made (its id known), or tried without a clear
 * refusal (a lost answer, a server failure). Its body can then no longer change: it goes under its
 * first key, so that the server answers the signal it made rather than making a second one.
 */
export function signalMayExist(report: WaitingReport): boolean {
  return report.signalId !== undefined || (report.state !== 'refused' && report.lastTryAt !== undefined);
}

/** Free room of the device's storage for the portal, in bytes; null when the browser does not say. */
async function freeStorage(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return null;
    return estimate.quota - (estimate.usage ?? 0);
  } catch {
    return null;
  }
}

/** Below this much free room, a report with its photos may not be kept at all. */
const FULL_STORAGE_BYTES = 1024 * 1024;

/**
 * What keeps the device from holding a report: no storage at all (a browser without IndexedDB, or
 * one that refuses it, as some private windows do), storage full, or almost full; null when none.
 */
export type StorageProblem = 'missing' | 'full' | 'low';

export async function storageProblem(): Promise<StorageProblem | null> {
  if (!(await storeOpens())) return 'missing';
  const free = await freeStorage();
  if (free === null) return null;
  if (free < FULL_STORAGE_BYTES) return 'full';
  return free < LOW_STORAGE_BYTES ? 'low' : null;
}
