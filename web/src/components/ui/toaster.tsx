import { useTranslation } from '@/lib/i18n';
import { dismissToast, useToasts } from '@/lib/toast';

/**
 * The toasts of the page: successes in a polite live region, failures in an assertive one, so a
 * screen reader says each once. The portal's own few rules (styles.css), not Bootstrap's toast stylesheet, and no transition
 * machinery in the shell.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const region = (variant: 'success' | 'danger') => (
    // live regions by attribute alone: always there (so that what is added is read), yet not one
    // more 'status' or 'alert' landmark on every page
    <div
      aria-live={variant === 'danger' ? 'assertive' : 'polite'}
      aria-atomic="false"
      className="d-flex flex-column gap-2"
    >
      {toasts
        .filter((toast) => toast.variant === variant)
        .map((toast) => (
          <div key={toast.id} className={`app-toast text-bg-${toast.variant}`} data-toast={toast.variant}>
            <div className="d-flex align-items-center">
              <div className="app-toast-body">
                {toast.message}
                {toast.detail ? (
                  <details className="small mt-1">
                    <summary>{t('failure.details')}</summary>
                    <code className="text-break text-reset">{toast.detail}</code>
                  </details>
                ) : null}
              </div>
              <button
                type="button"
                className="btn-close btn-close-white me-2 m-auto"
                aria-label={t('common.close')}
                onClick={() => dismissToast(toast.id)}
              />
            </div>
          </div>
        ))}
    </div>
  );
  return (
    <div className="app-toasts position-fixed p-3">
      {region('success')}
      {region('danger')}
    </div>
  );
}
