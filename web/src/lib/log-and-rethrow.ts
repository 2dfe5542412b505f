import { isCancelled } from './api-client';

/**
 * portal.md section 8: a service whose errors are "logged and rethrown" (the industrial-site
 * service): the failure goes to the console with the service and the call named, then on to the
 * caller unchanged. A cancelled call is no failure and is not logged.
 */
export async function logAndRethrow<T>(service: string, callName: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isCancelled(error)) console.error(`[${service}] ${callName} failed:`, error);
    throw error;
  }
}
