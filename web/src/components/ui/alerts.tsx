import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dismissAlert, useFlashAlerts, type AlertVariant } from '@/lib/alerts';

/** An alert whose text is a translation key ('alert.loading_error', ...). */
export function AlertMessage({
  variant,
  messageKey,
  onClose,
}: {
  variant: AlertVariant;
  messageKey: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  // plain Bootstrap markup: the shell shows alerts without loading the transition machinery
  return (
    <div role="alert" className={`alert alert-${variant} ${onClose ? 'alert-dismissible' : ''}`}>
      {t(messageKey)}
      {onClose ? (
        <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onClose} />
      ) : null}
    </div>
  );
}

/** The warning of a list that failed to load. */
export const LoadingErrorAlert = () => <AlertMessage variant="warning" messageKey="alert.loading_error" />;

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
          onClose={() => dismissAlert(alert.id)}
        />
      ))}
    </div>
  );
}
