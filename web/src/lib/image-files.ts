/**
 * The check of an image file before anything is sent (portal.md section 5): its type against the
 * contract's one list of accepted image types, its size against the call's limit. The mock and the
 * backend refuse the same files; checking first keeps a form from being half saved (a signal
 * created, then its photo refused).
 */
import { acceptedImageType } from '@portal/contract/constants';
import type { TFunction } from '@/lib/i18n';

export { IMAGE_ACCEPT } from '@portal/contract/constants';

export interface ImageFileProblem {
  name: string;
  reason: 'type' | 'size';
  /** the file's type as the browser names it ('' when it does not know) */
  type: string;
  maxBytes: number;
}

/** What is wrong with a chosen file, or null when it may be sent. */
export function imageFileProblem(file: File, maxBytes: number): ImageFileProblem | null {
  if (!acceptedImageType(file.type)) return { name: file.name, reason: 'type', type: file.type, maxBytes };
  if (file.size > maxBytes) return { name: file.name, reason: 'size', type: file.type, maxBytes };
  return null;
}

/** A size limit as a person reads it: 5 Mo, 64 Ko. */
function sizeText(t: TFunction, bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1
    ? t('upload.size_mb', { count: Math.round(mib) })
    : t('upload.size_kb', { count: Math.round(bytes / 1024) });
}

/** The problem said to a person: which file, and why, in their language. */
export function imageFileMessage(t: TFunction, problem: ImageFileProblem): string {
  return problem.reason === 'type'
    ? t('upload.bad_type', { name: problem.name, type: problem.type || t('upload.unknown_type') })
    : t('upload.bad_size', { name: problem.name, size: sizeText(t, problem.maxBytes) });
}
