import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '@/lib/i18n';
import { Spinner } from './spinner';

/** The confirmation modal: body text (a default one), a Validate or Delete button, an optional Cancel. */
export function ConfirmModal({
  show,
  title,
  body,
  confirm = 'validate',
  onConfirm,
  onCancel,
  showCancel = true,
  pending = false,
  confirmLabel,
  cancelLabel,
}: {
  show: boolean;
  title: ReactNode;
  body?: ReactNode;
  confirm?: 'validate' | 'delete';
  onConfirm: () => void;
  onCancel: () => void;
  showCancel?: boolean;
  pending?: boolean;
  /** the buttons' own words, when Validate/Delete and Cancel do not fit */
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-modal-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="confirm-modal-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body ?? t('confirm.default_body')}</Modal.Body>
      <Modal.Footer>
        {showCancel ? (
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
        ) : null}
        <Button variant={confirm === 'delete' ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
          {pending ? <Spinner size="sm" /> : null}{' '}
          {confirmLabel ?? (confirm === 'delete' ? t('common.delete') : t('common.validate'))}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
