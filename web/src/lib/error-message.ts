/**
 * What a failed call means to a user, in their language (portal.md section 8): the backend's own
 * text (often English and technical: "label already exists", "Network Error", "Internal Server
 * Error", "timeout of 30000ms exceeded") is never the sentence; it is kept only as a detail under it.
 */
import { ApiError } from './api-client';
import { i18n, type TranslationKey } from '@/lib/i18n';
import { toast } from './toast';

/** Server words that say which failure it is whatever the status (a backend may answer 400 or 500 to them). */
const KNOWN_SERVER_ERRORS: readonly { pattern: RegExp; key: TranslationKey }[] = [
  { pattern: /already exists|duplicate|unique constraint/i, key: 'failure.conflict' },
  { pattern: /not found|does not exist/i, key: 'failure.not_found' },
  { pattern: /unsupported (file|media) type|not a valid svg/i, key: 'failure.invalid' },
];

/** The translation key of the sentence for a failure. */
export function errorMessageKey(error: unknown): TranslationKey {
  if (!(error instanceof ApiError)) return 'failure.network';
  if (error.kind === 'timeout') return 'failure.timeout';
  if (error.status === 0) return 'failure.network';
  const known = KNOWN_SERVER_ERRORS.find(({ pattern }) => pattern.test(error.message));
  if (known && error.status < 500) return known.key;
  const status = error.status;
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'failure.invalid';
  if (status === 401) return 'failure.session';
  if (status === 403) return 'failure.forbidden';
  if (status === 404) return 'failure.not_found';
  if (status === 409) return 'failure.conflict';
  return 'failure.server';
}

/** The backend's own words, when it sent any (shown as a detail). */
export function errorDetail(error: unknown): string | null {
  if (error instanceof ApiError) {
    // the fields the server named, with its words about each
    const fields = error.fieldErrors.map((e) => `${e.path}: ${e.message}`).join('; ');
    const words = [error.message, fields ? `(${fields})` : ''].filter(Boolean).join(' ');
    return words ? `${error.status || ''} ${words}`.trim() : null;
  }
  return error instanceof Error && error.message ? error.message : null;
}

/**
 * The toast of a failure says what failed (`action`, already in the language shown) and why, as
 * errorMessageKey says it; the server's own words only under 'Détails techniques'.
 */
export function toastFailure(error: unknown, action: string, key?: string): void {
  toast.error(`${action} ${i18n.t(errorMessageKey(error))}`, key, errorDetail(error));
}
