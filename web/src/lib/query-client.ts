import { QueryClient } from '@tanstack/react-query';
import { ApiError, isCancelled } from './api-client';

/**
 * Whether a failed query is tried once more: a network error or a server error (5xx) may pass,
 * so it gets one more try; a client error (4xx: refused, not found, invalid) gives the same
 * answer again, and a cancelled call was meant to stop, so neither is repeated.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isCancelled(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Query defaults of portal.md section 9: no refetch on window focus; data stays fresh 30 s (a
 * screen opened again within that time shows its cached data without a call); queries retry
 * per shouldRetry, mutations never.
 */
export function createQueryClient(overrides: { retry?: number | false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: overrides.retry ?? shouldRetry,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
