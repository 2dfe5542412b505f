import { hashKey, MutationCache, QueryClient, type Mutation } from '@tanstack/react-query';
import { markSaved, savedContainer } from './unsaved-input';
import { ApiError, isCancelled } from './api-client';
import { i18n } from './i18n';
import { toast } from './toast';
import type { TranslationKey } from './i18n';

/** What a mutation says when it ends (its `meta`): a toast by default, success or failure. */
interface MutationToastMeta extends Record<string, unknown> {
  /**
   * false: the mutation says it itself (its own toast, a success screen, a silent autosave);
   * 'failure': only a failure gets a toast (a wizard's success screen says the rest)
   */
  toast?: false | 'failure';
  /** the success message's i18n key (default: failure.saved) */
  successMessage?: TranslationKey;
  /** the failure message's i18n key (default: failure.save_failed) */
  errorMessage?: TranslationKey;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationToastMeta;
  }
}

/**
 * The operation a mutation's toast reports on: its mutation key, else the save of the screen it was
 * made on (the address before any navigation its own success makes). A retry's toast replaces the
 * toast of the try before.
 */
function toastKey(mutation: Mutation<unknown, unknown, unknown, unknown>): string {
  const key = mutation.options.mutationKey;
  return key ? `mutation:${hashKey(key)}` : `save:${window.location.pathname}`;
}

/**
 * After every save, the typed text of the form, dialog or section it was started from counts as
 * saved (`lib/unsaved-input`: leaving no longer asks). Feedback after every save: a short toast, announced to screen readers, when a
 * mutation succeeds or fails; the failure's detail stays where the action was (the form or dialog).
 */
function mutationToasts(): MutationCache {
  // the form, dialog or section each save was started from: its typed text is saved with it
  const startedFrom = new WeakMap<object, Element>();
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      const container = savedContainer(document.activeElement);
      if (container) startedFrom.set(mutation, container);
    },
    onSuccess: (_data, _variables, _context, mutation) => {
      const container = startedFrom.get(mutation);
      if (container) markSaved(container);
      if (mutation.meta?.toast !== undefined) return;
      toast.success(i18n.t(mutation.meta?.successMessage ?? 'failure.saved'), toastKey(mutation));
    },
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.toast === false || isCancelled(error)) return;
      toast.error(i18n.t(mutation.meta?.errorMessage ?? 'failure.save_failed'), toastKey(mutation));
    },
  });
}

/**
 * Whether a failed query is tried once more: a network error or a server error (5xx) may pass,
 * so it gets one more try; a client error (4xx: refused, not found, invalid) gives the same
 * answer again, and a cancelled call was meant to stop, so neither is repeated.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isCancelled(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Query defaults of portal.md section 9: no refetch on window focus; data stays fresh 30 s (a
 * screen opened again within that time shows its cached data without a call); queries retry
 * per shouldRetry, mutations never; every mutation ends with a toast unless its meta says otherwise.
 */
export function createQueryClient(overrides: { retry?: number | false } = {}): QueryClient {
  return new QueryClient({
    mutationCache: mutationToasts(),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: overrides.retry ?? shouldRetry,
        staleTime: 30_000,
        // without network a read is still tried once: the service worker may answer it from what
        // it kept (docs/offline.md); its retries wait for the network
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
