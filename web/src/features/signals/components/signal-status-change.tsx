import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import { changeSignalStatus, invalidateSignals, SIGNAL_STATUSES, type SignalStatus } from '../api/signals';
import { ErrorMessage } from '@/components/ui/error-message';

/** A signal operator's status change, with a comment kept in the signal's history. */
export function SignalStatusChange({ contractId, signalId }: { contractId: number; signalId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<SignalStatus | ''>('');
  const [comment, setComment] = useState('');
  const change = useMutation({
    mutationFn: async (next: SignalStatus) => {
      const saved = await changeSignalStatus(signalId, { status: next, comment });
      await invalidateSignals(client, contractId);
      return saved;
    },
  });
  return (
    <section aria-labelledby="signal-status-change" className="mt-4">
      <h2 id="signal-status-change" className="h5">
        {t('signals.change_status')}
      </h2>
      <Form
        className="d-flex flex-wrap gap-3 align-items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (status) change.mutate(status, { onSuccess: () => setComment('') });
        }}
      >
        <Form.Group controlId="signal-new-status">
          <Form.Label>{t('signals.new_status')}</Form.Label>
          <Form.Select value={status} onChange={(e) => setStatus(e.target.value as SignalStatus)}>
            <option value="">-</option>
            {SIGNAL_STATUSES.map((v) => (
              <option key={v} value={v}>
                {t(`signals.status.${v}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="signal-comment" className="flex-grow-1">
          <Form.Label>{t('signals.comment')}</Form.Label>
          <Form.Control value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
        </Form.Group>
        <Button type="submit" disabled={!status || change.isPending}>
          {t('common.save')}
        </Button>
      </Form>
      {change.isSuccess ? (
        <p role="status" className="text-success mt-2">
          {t('signals.status_changed')}
        </p>
      ) : null}
      {change.isError ? (
        <div className="mt-2">
          <ErrorMessage error={change.error} action={t('failure.save_failed')} />
        </div>
      ) : null}
    </section>
  );
}
