import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

const ConfirmModal = lazy(() => import('./confirm-modal').then((m) => ({ default: m.ConfirmModal })));

/**
 * Asks before leaving a form that holds changes not saved: a link, the menu, Back (a dialog of the
 * portal) or closing the tab and reloading (the browser's own question). A change of the address's
 * search or fragment on the same page is not leaving. `release()` lets the next navigation through
 * (call it right before the navigation that follows a save).
 */
export function useUnsavedChanges(dirty: boolean): {
  modal: ReactNode;
  release: () => void;
  /** asks again after a release whose save failed (the form is still not saved) */
  arm: () => void;
} {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const modal =
    blocker.state === 'blocked' ? (
      <Suspense fallback={null}>
        <ConfirmModal
          show
          title={t('unsaved.title')}
          body={t('unsaved.body')}
          confirm="delete"
          confirmLabel={t('unsaved.leave')}
          cancelLabel={t('unsaved.stay')}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      </Suspense>
    ) : null;
  const release = useCallback(() => {
    released.current = true;
  }, []);
  const arm = useCallback(() => {
    released.current = false;
  }, []);
  return { modal, release, arm };
}
