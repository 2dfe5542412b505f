import BsSpinner from 'react-bootstrap/Spinner';
import { useTranslation } from '@/lib/i18n';

export function Spinner({ size, label }: { size?: 'sm'; label?: string }) {
  const { t } = useTranslation();
  return (
    <BsSpinner animation="border" size={size} role="status">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </BsSpinner>
  );
}

/** The full-page loading screen (the contract gate). */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="loading-screen d-flex flex-column align-items-center justify-content-center gap-3"
      aria-busy="true"
    >
      <Spinner label={label ?? t('common.loading')} />
      <p className="text-body-secondary mb-0">{label ?? t('common.loading')}</p>
    </div>
  );
}
