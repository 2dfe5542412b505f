/**
 * What a failed call means to a user, in their language: the backend's own text (often English
 * and technical) is kept only as a detail under the sentence.
 */
import { ApiError } from './api-client';
import type { TranslationKey } from '@/lib/i18n';

/** The translation key of the sentence for a failure. */
export function errorMessageKey(error: unknown): TranslationKey {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 0) return 'failure.network';
  if (status === 400 || status === 413 || status === 422) return 'failure.invalid';
  if (status === 401) return 'failure.session';
  if (status === 403) return 'failure.forbidden';
  if (status === 404) return 'failure.not_found';
  if (status === 409) return 'failure.conflict';
  return 'failure.server';
}

/** The backend's own words, when it sent any (shown as a detail). */
export function errorDetail(error: unknown): string | null {
  if (error instanceof ApiError)
    return error.message ? `${error.status || ''} ${error.message}`.trim() : null;
  return error instanceof Error && error.message ? error.message : null;
}
