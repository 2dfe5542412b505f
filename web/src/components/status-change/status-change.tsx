import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TEXT_LIMITS } from '@portal/contract/constants';
import { rejectionHasReason } from '@portal/contract/statuses';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { statusChangeSchema } from './status-change-schema';

type Values = z.input<typeof statusChangeSchema>;
const COMMENT_MAX = TEXT_LIMITS.statusComment;

/** The reason's dialog (and the dialog's styles) load when a move asks for it, not with the screen. */
const ReasonDialog = lazy(() => import('./reason-dialog').then((m) => ({ default: m.ReasonDialog })));

/** The schema (and zod) load with the form's first validation, not with the screen. */
const resolver = lazyZodResolver(() => import('./status-change-schema').then((m) => m.statusChangeSchema));

/** A move the contract refuses without a comment (a rejection) asks for its reason in a confirmation. */
const needsReason = (status: string) => !rejectionHasReason({ status, comment: '' });

/**
 * The features whose records an operator moves between statuses. Their texts sit under the
 * feature's key: `processing` (the heading), `action.{status}` (a move's button), `status.{status}`,
 * `status_changed` (the toast, with the new status), `no_action` (no move left, with the status) and
 * `reject.title` / `reject.body` (the reason's confirmation).
 */
export type StatusFeature = 'signals' | 'requests';

/**
 * An operator's status change, the same for signals and requests: an optional comment kept in the
 * history, one button per move the record allows, and a confirmation asking for the reason before
 * a move that needs one. The failure is said under the actions, the success in a toast naming
 * the new status.
 */
export function StatusChange<S extends string>({
  feature,
  status,
  moves,
  save,
}: {
  feature: StatusFeature;
  status: S;
  /** the moves offered, in their order */
  moves: readonly S[];
  /** sends the move and brings the cache up to date; its answer's status is the new one */
  save: (change: { status: S; comment: string }) => Promise<{ status: S }>;
}) {
  const { t } = useTranslation();
  // a key built from the feature and a status: typed where it is made
  const key = (rest: string) => `${feature}.${rest}` as TranslationKey;
  const statusName = (s: S) => t(key(`status.${s}`));
  const form = useForm<Values, unknown, z.output<typeof statusChangeSchema>>({
    resolver,
    defaultValues: { comment: '' },
  });
  const [confirming, setConfirming] = useState<S | null>(null);
  const change = useMutation({
    meta: { toast: false }, // its own toast names the new status
    mutationFn: save,
    onSuccess: (saved) => {
      setConfirming(null);
      form.reset({ comment: '' });
      toast.success(t(key('status_changed'), { status: statusName(saved.status) }));
    },
  });
  const headingId = `${feature}-status-change`;
  const commentError = form.formState.errors.comment?.message;

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h5">
        {t(key('processing'))}
      </h2>
      {moves.length === 0 ? (
        <p className="text-body-secondary">
          {t(key('no_action'), { status: statusName(status).toLowerCase() })}
        </p>
      ) : (
        <Form noValidate onSubmit={(e) => e.preventDefault()} style={{ maxWidth: 640 }}>
          <FormField
            id={`${feature}-status-comment`}
            label={t('status_change.comment')}
            error={commentError ? t('status_change.too_long') : null}
            className="mb-3"
          >
            {(control) => (
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={COMMENT_MAX}
                {...form.register('comment')}
                {...control}
              />
            )}
          </FormField>
          <div className="d-flex flex-wrap gap-2">
            {moves.map((move) => (
              <Button
                key={move}
                variant={needsReason(move) ? 'outline-danger' : 'primary'}
                // a move that needs a reason asks for it in a dialog first
                aria-haspopup={needsReason(move) ? 'dialog' : undefined}
                disabled={change.isPending}
                onClick={() =>
                  needsReason(move)
                    ? setConfirming(move)
                    : void form.handleSubmit(({ comment }) => change.mutate({ status: move, comment }))()
                }
              >
                {change.isPending && change.variables.status === move ? <Spinner size="sm" /> : null}{' '}
                {t(key(`action.${move}`))}
              </Button>
            ))}
          </div>
        </Form>
      )}
      {confirming ? (
        <Suspense fallback={null}>
          <ReasonDialog
            title={t(key('reject.title'))}
            body={t(key('reject.body'))}
            confirmLabel={t(key(`action.${confirming}`))}
            status={confirming}
            initialReason={form.getValues('comment') ?? ''}
            maxLength={COMMENT_MAX}
            pending={change.isPending}
            onCancel={() => setConfirming(null)}
            onConfirm={(reason) =>
              change.mutate(
                { status: confirming, comment: reason },
                // a refused move is said under the actions, as any other
                { onError: () => setConfirming(null) },
              )
            }
          />
        </Suspense>
      ) : null}
      {change.isError ? (
        <div className="mt-3">
          <ErrorMessage error={change.error} action={t('status_change.failed')} />
        </div>
      ) : null}
    </section>
  );
}
