import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

const ConfirmModal = lazy(() => import('./confirm-modal').then((m) => ({ default: m.ConfirmModal })));

/**
 * The forms of the page holding changes not saved (and not released). React Router heeds only the
 * latest blocker of a page: every one of them asks this set, so that a dialog opened (and mounted)
 * after a form never lets the form's changes go silently.
 */
const unsavedForms = new Set<symbol>();

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
  const token = useRef(Symbol('unsaved form'));
  const released = useRef(false);
  useEffect(() => {
    const self = token.current;
    if (dirty) {
      released.current = false;
      unsavedForms.add(self);
    } else unsavedForms.delete(self);
    return () => {
      unsavedForms.delete(self);
    };
  }, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsavedForms.size > 0 && currentLocation.pathname !== nextLocation.pathname,
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
    unsavedForms.delete(token.current);
  }, []);
  const arm = useCallback(() => {
    released.current = false;
    if (dirty) unsavedForms.add(token.current);
  }, [dirty]);
  return { modal, release, arm };
}
