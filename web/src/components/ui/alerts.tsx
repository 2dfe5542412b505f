import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { dismissAlert, useFlashAlerts, type AlertVariant } from '@/lib/alerts';
import type { TranslationKey } from '@/lib/i18n';

/** An alert whose text is a translation key ('alert.loading_error', ...). */
export function AlertMessage({
  variant,
  messageKey,
  values,
  onClose,
}: {
  variant: AlertVariant;
  messageKey: TranslationKey;
  /** the values of the message's placeholders */
  values?: Record<string, string>;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  // plain Bootstrap markup: the shell shows alerts without loading the transition machinery
  return (
    <div role="alert" className={`alert alert-${variant} ${onClose ? 'alert-dismissible' : ''}`}>
      {t(messageKey, values)}
      {onClose ? (
        <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onClose} />
      ) : null}
    </div>
  );
}

/**
 * The warning of a load that failed ('alert.loading_error'), said where the data was to show, with
 * a button that asks the load again.
 */
export function LoadFailure({ onRetry }: { onRetry: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void onRetry()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };
  return (
    // the sentence is the alert that is read out; the retry button sits beside it in the same box
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2">
      <span role="alert" className="me-auto">
        {t('alert.loading_error')}
      </span>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={retry} disabled={retrying}>
        {t('failure.retry')}
      </button>
    </div>
  );
}

/**
 * LoadFailure asking again every load of the page that failed (usually the one this warning is
 * about), or the given one.
 */
export function LoadingErrorAlert({ onRetry }: { onRetry?: () => Promise<unknown> } = {}) {
  const queryClient = useQueryClient();
  return (
    <LoadFailure
      onRetry={
        onRetry ??
        (() => queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' }))
      }
    />
  );
}

/** The flash alerts (e.g. 'alert.not_granted' after a refused route). */
export function FlashAlerts() {
  const { pathname } = useLocation();
  const alerts = useFlashAlerts().filter((a) => !a.path || a.path === pathname);
  if (alerts.length === 0) return null;
  return (
    <div className="flash-alerts" role="region" aria-live="polite">
      {alerts.map((alert) => (
        <AlertMessage
          key={alert.id}
          variant={alert.variant}
          messageKey={alert.messageKey}
          values={alert.values}
          onClose={() => dismissAlert(alert.id)}
        />
      ))}
    </div>
  );
}
