import BsAlert from 'react-bootstrap/Alert';
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
  return (
    <BsAlert variant={variant} dismissible={!!onClose} onClose={onClose} closeLabel={t('common.close')}>
      {t(messageKey)}
    </BsAlert>
  );
}

/** The warning of a list that failed to load. */
export const LoadingErrorAlert = () => <AlertMessage variant="warning" messageKey="alert.loading_error" />;

/** The flash alerts (e.g. 'alert.not_granted' after a refused route). */
export function FlashAlerts() {
  const alerts = useFlashAlerts();
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
