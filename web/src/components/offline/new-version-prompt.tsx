import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '@/lib/i18n';
import { applyNewVersion, useNewVersion } from '@/lib/offline/service-worker';

const ConfirmModal = lazy(() =>
  import('@/components/ui/confirm-modal').then((m) => ({ default: m.ConfirmModal })),
);

/**
 * Whether a form of the page holds changes not saved: each one refuses the page's unload
 * (use-unsaved-changes.tsx), so a trial `beforeunload` is refused too. Nothing unloads.
 */
function formHoldsChanges(): boolean {
  return !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
}

/**
 * "Nouvelle version disponible : recharger" (docs/offline.md): shown when a new version of the
 * portal is installed and waits; it takes over only when the user chooses to reload, and a form
 * holding changes not saved asks first, before the new version is let in (the waiting reports stay
 * on the device).
 */
export function NewVersionPrompt() {
  const { t } = useTranslation();
  const waiting = useNewVersion();
  const [asking, setAsking] = useState(false);
  if (!waiting) return null;
  return (
    <div role="status" className="new-version-prompt alert alert-info d-flex align-items-center gap-2 m-0">
      <span>{t('offline.new_version')}</span>
      <Button
        size="sm"
        variant="primary"
        onClick={() => (formHoldsChanges() ? setAsking(true) : applyNewVersion())}
      >
        {t('offline.reload')}
      </Button>
      <Suspense fallback={null}>
        {asking ? (
          <ConfirmModal
            show
            title={t('unsaved.title')}
            body={t('unsaved.body')}
            confirmLabel={t('offline.reload_anyway')}
            cancelLabel={t('unsaved.stay')}
            onCancel={() => setAsking(false)}
            onConfirm={() => {
              setAsking(false);
              // the agent chose to drop the changes: the forms' own unload question is not asked again
              window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), {
                capture: true,
              });
              applyNewVersion();
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
