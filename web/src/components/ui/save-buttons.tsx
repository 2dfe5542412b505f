import { useTranslation } from '@/lib/i18n';

/** A dialog form's buttons: Cancel (when given) and the submit button, which spins while it saves. */
export function SaveButtons({ pending, onCancel }: { pending: boolean; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-end gap-2 mt-3">
      {onCancel ? (
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </button>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
        {t('common.save')}
      </button>
    </div>
  );
}
