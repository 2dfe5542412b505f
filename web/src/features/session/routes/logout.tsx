import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { LoadingScreen } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { logout } from '@/lib/auth/logout';
import { unsentCount } from '@/lib/offline/sync';

const ConfirmModal = lazy(() =>
  import('@/components/ui/confirm-modal').then((m) => ({ default: m.ConfirmModal })),
);

/**
 * /deconnexion: clears the storage, resets the user and goes to the single sign-on logout. Once:
 * React's development double effect would log out again with the realm already cleared, and that
 * second address (realm empty) would win. When reports made on this device wait to be sent, it
 * asks first: they stay on the device, for this user's next sign-in (docs/offline.md).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useRef(false);
  const [unsent, setUnsent] = useState(0);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void unsentCount()
      .catch(() => 0)
      .then((count) => {
        if (count > 0) setUnsent(count);
        else void logout();
      });
  }, []);
  return (
    <>
      <LoadingScreen />
      <Suspense fallback={null}>
        {unsent > 0 ? (
          <ConfirmModal
            show
            title={t('offline.logout_title')}
            body={t('offline.logout_body', { count: unsent })}
            confirmLabel={t('offline.logout_confirm')}
            cancelLabel={t('offline.logout_cancel')}
            onConfirm={() => void logout()}
            onCancel={() => void navigate(paths.signals.list, { replace: true })}
          />
        ) : null}
      </Suspense>
    </>
  );
}
