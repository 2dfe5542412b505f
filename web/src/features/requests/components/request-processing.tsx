import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { z } from 'zod';
import type { ServiceRequest } from '@portal/contract';
import { REQUEST_TRANSITIONS } from '@portal/contract/statuses';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { changeRequestStatus, requestQueries, type RequestStatus } from '../api/requests';
import { RejectDialog } from './reject-dialog';

const schema = z.object({ comment: z.string().max(2000) });
type Values = z.infer<typeof schema>;

/**
 * A request operator's actions on a request: one button per move its status allows (contract
 * REQUEST_TRANSITIONS), with an optional comment kept in the history; none once it is final.
 * Rejecting, final, asks for confirmation and a reason first (RejectDialog).
 */
export function RequestProcessing({ contractId, request }: { contractId: number; request: ServiceRequest }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { comment: '' } });
  const change = useMutation({
    meta: { toast: false }, // its own toast names the new status
    mutationFn: (values: Values & { status: RequestStatus }) =>
      changeRequestStatus(request.id, { status: values.status, comment: values.comment }),
    onSuccess: async (saved) => {
      setRejecting(false);
      client.setQueryData(requestQueries.detail(contractId, request.id).queryKey, saved);
      await client.invalidateQueries({ queryKey: requestQueries.all(contractId) });
      form.reset({ comment: '' });
      toast.success(t('requests.status_changed', { status: t(`requests.status.${saved.status}`) }));
    },
  });
  const moves = REQUEST_TRANSITIONS[request.status];
  const [rejecting, setRejecting] = useState(false);

  return (
    <section aria-labelledby="request-processing" className="mt-4">
      <h2 id="request-processing" className="h5">
        {t('requests.processing')}
      </h2>
      {moves.length === 0 ? (
        <p className="text-body-secondary">
          {t('requests.no_action', { status: t(`requests.status.${request.status}`).toLowerCase() })}
        </p>
      ) : (
        <Form noValidate onSubmit={(e) => e.preventDefault()} style={{ maxWidth: 640 }}>
          <FormField
            id="request-comment"
            label={t('requests.comment')}
            error={form.formState.errors.comment?.message}
            className="mb-3"
          >
            {(control) => (
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={2000}
                {...form.register('comment')}
                {...control}
              />
            )}
          </FormField>
          <div className="d-flex flex-wrap gap-2">
            {moves.map((status) => (
              <Button
                key={status}
                variant={status === 'REJECTED' ? 'outline-danger' : 'primary'}
                disabled={change.isPending}
                onClick={() =>
                  status === 'REJECTED'
                    ? setRejecting(true)
                    : void form.handleSubmit((values) => change.mutate({ ...values, status }))()
                }
              >
                {change.isPending && change.variables.status === status ? <Spinner size="sm" /> : null}{' '}
                {/* a transition leads to IN_PROGRESS, DONE or REJECTED (REQUEST_TRANSITIONS) */}
                {t(`requests.action.${status as 'IN_PROGRESS' | 'DONE' | 'REJECTED'}`)}
              </Button>
            ))}
          </div>
        </Form>
      )}
      {rejecting ? (
        <RejectDialog
          show
          initialReason={form.getValues('comment')}
          pending={change.isPending}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) =>
            change.mutate(
              { comment: reason, status: 'REJECTED' },
              // a refused rejection is said under the actions, as any other move
              { onError: () => setRejecting(false) },
            )
          }
        />
      ) : null}
      {change.isError ? (
        <div className="mt-3">
          <ErrorMessage error={change.error} action={t('requests.status_failed')} />
        </div>
      ) : null}
    </section>
  );
}
