/** Pieces shared by the add wizards: the stepper, the success screen, the modal frame. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { EndpointId } from '@portal/contract';
import Modal from 'react-bootstrap/Modal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { isCancelled } from '@/lib/api-client';
import { invalidateEndpoints } from '@/lib/endpoint-query';

export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('wizards.steps')}>
      <ol className="wizard-stepper list-unstyled d-flex flex-wrap gap-2 mb-4">
        {steps.map((label, index) => (
          <li
            key={label}
            aria-current={index === current ? 'step' : undefined}
            className={`badge rounded-pill px-3 py-2 ${index === current ? 'text-bg-primary' : index < current ? 'text-bg-success' : 'text-bg-light border'}`}
          >
            <span className="visually-hidden">
              {t('wizards.step_of', { number: index + 1, total: steps.length })}{' '}
            </span>
            {index + 1}. {label}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function SuccessScreen({
  message,
  again,
  onAgain,
  onClose,
}: {
  message: string;
  /** the action to start over (adding another one); none after an edit */
  again?: string;
  onAgain?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="text-center py-4">
      <p role="status" className="alert alert-success">
        {message}
      </p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
        {again && onAgain ? (
          <button type="button" className="btn btn-primary" onClick={onAgain}>
            {again}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function WizardModal({
  show,
  onHide,
  title,
  size = 'lg',
  children,
  titleId,
  error,
  dirty = false,
  saving = false,
}: {
  show: boolean;
  onHide: () => void;
  title: string;
  size?: 'lg' | 'xl';
  children: ReactNode;
  titleId: string;
  /** a failed save: shown in the wizard, under its buttons, with what was typed kept */
  error?: unknown;
  /** something typed or chosen and not saved: closing the wizard (or leaving the page) asks first */
  dirty?: boolean;
  /** a save is running: closing waits for it (the dialog says so), never 'it will be lost' */
  saving?: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [closeAsked, setCloseAsked] = useState(false);
  const leaving = useUnsavedChanges(show && dirty, 'history');
  // a close asked during the save: once it has ended, the dialog closes if it saved, and stays with
  // the error (and what was typed) if it failed
  const [wasSaving, setWasSaving] = useState(saving);
  const [closeNow, setCloseNow] = useState(false);
  if (wasSaving !== saving) {
    setWasSaving(saving);
    if (!saving && closeAsked) {
      setCloseAsked(false);
      if (!error) setCloseNow(true);
    }
  }
  const hide = useRef(onHide);
  useEffect(() => {
    hide.current = onHide;
  });
  useEffect(() => {
    if (closeNow) hide.current();
  }, [closeNow]);
  const requestHide = () => {
    if (saving) {
      setCloseAsked(true);
      setCloseNow(false);
    } else if (dirty) setAsking(true);
    else onHide();
  };
  return (
    <>
      <Modal show={show} onHide={requestHide} size={size} aria-labelledby={titleId} backdrop="static">
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {saving && closeAsked ? (
            <p role="status" className="alert alert-info">
              {t('wizards.saving_wait')}
            </p>
          ) : null}
          {children}
          {error ? (
            <div className="mt-3">
              <ErrorMessage error={error} action={t('wizards.save_failed')} />
            </div>
          ) : null}
        </Modal.Body>
      </Modal>
      <ConfirmModal
        show={asking}
        title={t('unsaved.title')}
        body={t('unsaved.wizard_body')}
        confirm="delete"
        confirmLabel={t('unsaved.leave')}
        cancelLabel={t('unsaved.wizard_stay')}
        onConfirm={() => {
          setAsking(false);
          onHide();
        }}
        onCancel={() => setAsking(false)}
      />
      {leaving.modal}
    </>
  );
}

/**
 * A wizard's save, a TanStack Query mutation: pending while it runs; a failure stays in the wizard
 * (its error for WizardModal, a toast announced to screen readers), the input is kept and the save
 * can be tried again. The calls it runs answer their failures locally (never the global error page).
 */
export function useWizardSave() {
  const mutation = useMutation({
    mutationFn: (action: () => Promise<void>) => action(),
    meta: { toast: 'failure', errorMessage: 'wizards.save_failed' },
  });
  const error = mutation.error && !isCancelled(mutation.error) ? mutation.error : null;
  /** runs the save; resolves once it has ended, a failure kept in `error` */
  const run = (action: () => Promise<void>): Promise<void> =>
    mutation.mutateAsync(action).catch(() => undefined);
  return { pending: mutation.isPending, error, run, clearError: mutation.reset };
}

export function NavButtons({
  onPrevious,
  onNext,
  nextLabel,
  nextDisabled = false,
  pending = false,
}: {
  onPrevious?: () => void;
  onNext: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-between mt-4">
      {onPrevious ? (
        <button type="button" className="btn btn-outline-secondary" onClick={onPrevious} disabled={pending}>
          {t('wizards.previous')}
        </button>
      ) : (
        <span />
      )}
      <button type="button" className="btn btn-primary" onClick={onNext} disabled={nextDisabled || pending}>
        {pending ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
        {nextLabel ?? t('wizards.next')}
      </button>
    </div>
  );
}

/** A one-step wizard's Validate button, which spins while it saves. */
export function ValidateButton({
  disabled,
  pending,
  onClick,
}: {
  disabled: boolean;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-end mt-3">
      <button type="button" className="btn btn-primary" disabled={disabled || pending} onClick={onClick}>
        {pending ? <Spinner size="sm" /> : null} {t('common.validate')}
      </button>
    </div>
  );
}

/**
 * Refreshes the reads a wizard's save changes (`changes`: TERRITORY_CHANGES joined), wherever
 * they are shown; resolves once done.
 */
export function useInvalidateEndpoints(
  contractId: number,
  ...changes: (readonly EndpointId[])[]
): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, contractId, [...new Set(changes.flat())]);
}
