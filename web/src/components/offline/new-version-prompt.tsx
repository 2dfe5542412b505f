import Button from 'react-bootstrap/Button';
import { useTranslation } from '@/lib/i18n';
import { applyNewVersion, useNewVersion } from '@/lib/offline/service-worker';

/**
 * "Nouvelle version disponible : recharger" (docs/offline.md): shown when a new version of the
 * portal is installed and waits; it takes over only when the user chooses to reload (a form being
 * typed asks first, as any page left does; the waiting reports stay on the device).
 */
export function NewVersionPrompt() {
  const { t } = useTranslation();
  const waiting = useNewVersion();
  if (!waiting) return null;
  return (
    <div role="status" className="new-version-prompt alert alert-info d-flex align-items-center gap-2 m-0">
      <span>{t('offline.new_version')}</span>
      <Button size="sm" variant="primary" onClick={applyNewVersion}>
        {t('offline.reload')}
      </Button>
    </div>
  );
}
