import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '@/lib/i18n';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

/**
 * Rejecting a request is final: a confirmation that asks for its reason (kept with the move in the
 * request's history; the server refuses a rejection without one). It starts from the comment typed
 * in the processing form; Cancel changes nothing.
 */
export function RejectDialog({
  show,
  initialReason,
  pending,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  initialReason: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(initialReason);
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Modal
      show={show}
      // closing waits for a rejection being sent
      onHide={pending ? () => undefined : onCancel}
      centered
      aria-labelledby="reject-request-title"
    >
      <Modal.Header closeButton={!pending} closeLabel={t('common.close')}>
        <Modal.Title id="reject-request-title" as="h2" className="h5">
          {t('requests.reject.title')}
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
          <p>{t('requests.reject.body')}</p>
          <FormField
            id="reject-reason"
            label={t('requests.reject.reason')}
            error={missing ? t('requests.reject.reason_required') : null}
          >
            {(control) => (
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={2000}
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
            {pending ? <Spinner size="sm" /> : null} {t('requests.action.REJECTED')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
