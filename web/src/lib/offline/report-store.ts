/**
 * The reports waiting on the device (docs/offline.md): one IndexedDB store, each report under its
 * device-made key (also its Idempotency-Key), listed per user in creation order, so that another
 * user of the same device neither sees nor sends them.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { z } from 'zod';
import type { PhotoExif } from '../photo-exif';
import type { signalInput } from '@portal/contract';

export type SignalInput = z.input<typeof signalInput>;

/**
 * waiting: to be sent; needs-sign-in: the server refused the token, held until the user signs in
 * again; refused: the server refused the report (its reason kept), to be corrected or deleted
 */
type ReportState = 'waiting' | 'needs-sign-in' | 'refused';

export interface WaitingPhoto {
  name: string;
  type: string;
  blob: Blob;
  /** sent already (its answer received) */
  sent?: boolean;
  /** refused by the server (its reason): not sent again; a correction may replace it */
  refused?: Refusal;
  /** left out by a correction (replaced by another photo, or dropped): never sent */
  dropped?: boolean;
  /** when and where it was taken, read from its EXIF before the reduction: kept on the device only */
  exif?: PhotoExif;
}

/** A server's refusal, as kept: its status and its own words (shown under the technical details). */
interface Refusal {
  status: number;
  message: string;
}

export interface WaitingReport {
  /** made on the device (a UUID): the Idempotency-Key of the signal's creation */
  id: string;
  userId: number;
  /** milliseconds since the epoch: reports are sent in this order */
  createdAt: number;
  body: SignalInput;
  photos: WaitingPhoto[];
  state: ReportState;
  /** the signal's id on the server, once created (its photos still to send) */
  signalId?: number;
  /** failed attempts since the last success or the network's return */
  attempts: number;
  /** not sent again by the backoff before this time */
  nextAttemptAt: number;
  /** the last try to send it (milliseconds since the epoch), none yet when absent */
  lastTryAt?: number;
  /** the server's reason, for a refused report */
  reason?: string;
  /** the status of the refusal (0 when unknown) */
  reasonStatus?: number;
  fieldErrors?: { path: string; message: string }[];
}

interface OfflineSchema extends DBSchema {
  reports: { key: string; value: WaitingReport; indexes: { 'by-user': [number, number] } };
}

const DB_NAME = 'portal-offline';

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function database(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore('reports', { keyPath: 'id' });
      store.createIndex('by-user', ['userId', 'createdAt']);
    },
  });
  return opened;
}

/** Whether the device's database opens (a browser may have none, or refuse it). */
export async function storeOpens(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    await database();
    return true;
  } catch {
    opened = null;
    return false;
  }
}

/** The user's reports, oldest first. */
export async function reportsOf(userId: number): Promise<WaitingReport[]> {
  const db = await database();
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  return db.getAllFromIndex('reports', 'by-user', range);
}

/** One report of the user; undefined when it is another user's or gone. */
export async function reportOf(userId: number, id: string): Promise<WaitingReport | undefined> {
  const report = await (await database()).get('reports', id);
  return report?.userId === userId ? report : undefined;
}

export async function saveReport(report: WaitingReport): Promise<void> {
  await (await database()).put('reports', report);
}

/** Deletes one of the user's reports (another user's is left alone). */
export async function deleteReport(userId: number, id: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('reports', 'readwrite');
  const report = await tx.store.get(id);
  if (report?.userId === userId) await tx.store.delete(id);
  await tx.done;
}

/** Closes the database (tests, which delete it between cases). */
export async function closeReportStore(): Promise<void> {
  if (!opened) return;
  (await opened).close();
  opened = null;
}
