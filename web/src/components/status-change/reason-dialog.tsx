import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { rejectionHasReason } from '@portal/contract/statuses';
import { useTranslation } from '@/lib/i18n';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

/**
 * A move the contract refuses without a reason (a rejection, final for a request): a confirmation
 * that asks for its reason, kept with the move in the history. It starts from the comment typed in
 * the status form; Cancel changes nothing.
 */
export function ReasonDialog({
  title,
  body,
  confirmLabel,
  status,
  initialReason,
  maxLength,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  /** the move confirmed, for the contract's rule */
  status: string;
  initialReason: string;
  maxLength: number | undefined;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(initialReason);
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (!rejectionHasReason({ status, comment: reason })) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Modal
      show
      // closing waits for the move being sent
      onHide={pending ? () => undefined : onCancel}
      centered
      aria-labelledby="status-reason-title"
    >
      <Modal.Header closeButton={!pending} closeLabel={t('common.close')}>
        <Modal.Title id="status-reason-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Modal.Body>
          <p>{body}</p>
          <FormField
            id="status-reason"
            label={t('status_change.reason')}
            error={missing ? t('status_change.reason_required') : null}
          >
            {(control) => (
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={maxLength}
                required
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (event.target.value.trim()) setMissing(false);
                }}
                {...control}
              />
            )}
          </FormField>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? <Spinner size="sm" /> : null} {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
