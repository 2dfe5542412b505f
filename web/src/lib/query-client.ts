import { QueryClient } from '@tanstack/react-query';
import { isCancelled } from './api-client';

/** Query defaults of portal.md section 9: no refetch on window focus. */
export function createQueryClient(overrides: { retry?: number | false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: overrides.retry ?? ((count, error) => !isCancelled(error) && count < 1),
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
