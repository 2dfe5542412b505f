import { useTranslation } from '@/lib/i18n';
import { errorDetail, errorMessageKey } from '@/lib/error-message';

/**
 * A failure where the action was (in a dialog, under a form): what happened in the user's
 * language, the backend's words folded away as a detail.
 */
export function ErrorMessage({ error, action }: { error: unknown; action?: string }) {
  const { t } = useTranslation();
  const detail = errorDetail(error);
  return (
    <div role="alert" className="alert alert-danger mb-0">
      {action ? <p className="fw-semibold mb-1">{action}</p> : null}
      <p className="mb-0">{t(errorMessageKey(error))}</p>
      {detail ? (
        <details className="small mt-1">
          <summary>{t('failure.details')}</summary>
          <code className="text-break text-reset">{detail}</code>
        </details>
      ) : null}
    </div>
  );
}
