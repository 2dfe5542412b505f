import { ApiError } from './api-client';
import { setError } from './app-state';

/**
 * Whether a failed read may succeed when asked again (a server or network failure): the screen says
 * it with 'Réessayer'; a refused or missing one (a 4xx) gives the same answer again.
 */
export function isRetryableFailure(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/**
 * A screen's read whose failure the screen says in place (the loading error with its retry and the
 * way back to its list), made with `{ errors: 'local' }`: a server or network failure stays on the
 * screen, where a retry may mend it; a refused or missing one (a 4xx: nothing to retry) still goes
 * to the error pages of portal.md section 8.
 */
export async function readInPlace<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && !isRetryableFailure(error)) setError(error.status, error.message);
    throw error;
  }
}
