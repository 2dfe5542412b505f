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
