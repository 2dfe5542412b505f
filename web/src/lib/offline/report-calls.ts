/**
 * A report's two calls, each with the key made on the device (Idempotency-Key): the report form
 * sends them at once when there is network, the waiting reports' sending later (sync.ts).
 */
import { IDEMPOTENCY_HEADER } from '@portal/contract/constants';
import type { Signal } from '@portal/contract';
import { callData, type UploadProgress } from '../api-client';
import type { SignalInput } from './report-store';

/** Creates the signal; its field errors are the caller's to show (errors stay local). */
export function createSignal(body: SignalInput, key: string): Promise<Signal> {
  return callData('createSignal', { body }, { errors: 'local', headers: { [IDEMPOTENCY_HEADER]: key } });
}

/** How far the device's clock may be from the server's when a made signal is looked for. */
const CLOCK_SKEW_MS = 15 * 60_000;

/**
 * The signal the server made from this body since `since` (ms since the epoch), if it made one:
 * after a 5xx the server may hold it (a gateway lost its answer). Looked for among the contract's
 * signals by its text, then matched on every field the report sent; null when there is none.
 */
export async function signalMadeFrom(body: SignalInput, since: number): Promise<number | null> {
  const description = body.description.trim();
  const signals = await callData(
    'listSignals',
    { query: { contract: body.contractId, q: description.slice(0, 255), itemsPerPage: 100 } },
    { errors: 'local' },
  );
  const made = signals.find(
    (signal) =>
      signal.description === description &&
      signal.category.id === Number(body.categoryId) &&
      signal.address === (body.address ?? '').trim() &&
      signal.location.lat === body.location.lat &&
      signal.location.lng === body.location.lng &&
      Date.parse(signal.createdAt) >= since - CLOCK_SKEW_MS,
  );
  return made?.id ?? null;
}

export function uploadSignalPhoto(
  signalId: number,
  photo: File,
  key: string,
  onUploadProgress?: (progress: UploadProgress) => void,
): Promise<{ photoId: number; fileName: string }> {
  const form = new FormData();
  form.append('photo', photo);
  return callData(
    'uploadSignalPhoto',
    { params: { signalId }, body: form, ...(onUploadProgress ? { onUploadProgress } : {}) },
    { errors: 'local', headers: { [IDEMPOTENCY_HEADER]: key } },
  );
}
