import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { ErrorMessage } from './error-message';

// loaded with the first delete asked: a list opens without react-bootstrap's Modal
const ConfirmModal = lazy(() => import('./confirm-modal').then((m) => ({ default: m.ConfirmModal })));

/**
 * A delete behind a confirmation (territorial-admin.md section 4: confirmation, delete call, list
 * refresh), failing the one way the portal fails: the dialog stays open with what happened in
 * the user's language (the backend's words as a detail) and Delete can be tried again; a success
 * closes it, refreshes what `refresh` names and says so in a toast.
 */
/** The delete's toasts: the outcome of a retry replaces that of the try before. */
const DELETE_TOAST = 'delete';

export function useConfirmDelete<Target>({
  remove,
  refresh,
  title,
  body,
  failed,
}: {
  remove: (target: Target) => Promise<unknown>;
  /** after a success: the invalidation of what showed the target (awaited before the toast) */
  refresh: () => Promise<unknown>;
  title: (target: Target) => ReactNode;
  body?: (target: Target) => ReactNode;
  /** what failed, as the user would say it (defaults to 'La suppression a échoué.') */
  failed?: string;
}): { ask: (target: Target) => void; modal: ReactNode } {
  const { t } = useTranslation();
  const failure = failed ?? t('failure.delete_failed');
  const [target, setTarget] = useState<Target | null>(null);
  // the modal mounts with the first delete asked, then stays (its closing transition)
  const [asked, setAsked] = useState(false);
  const mutation = useMutation({
    meta: { toast: false }, // its own toasts, with the delete's words
    mutationFn: (row: Target) => remove(row),
    onSuccess: async () => {
      setTarget(null);
      await refresh();
      toast.success(t('failure.deleted'), DELETE_TOAST);
    },
    onError: () => toast.error(failure, DELETE_TOAST),
  });
  const modal = asked ? (
    <Suspense fallback={null}>
      <ConfirmModal
        show={target !== null}
        title={target !== null ? title(target) : ''}
        body={
          <>
            {target !== null && body ? body(target) : null}
            {mutation.isError ? (
              <div className={body ? 'mt-3' : ''}>
                <ErrorMessage error={mutation.error} action={failure} />
              </div>
            ) : null}
          </>
        }
        confirm="delete"
        pending={mutation.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (target !== null) mutation.mutate(target);
        }}
      />
    </Suspense>
  ) : null;
  const ask = (row: Target) => {
    mutation.reset();
    setAsked(true);
    setTarget(row);
  };
  return { ask, modal };
}
