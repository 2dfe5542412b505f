import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { dropsUnsaved, isLeaving, markSaved, setFormUnsaved, type Guard } from '@/lib/unsaved-input';

const ConfirmModal = lazy(() => import('./confirm-modal').then((m) => ({ default: m.ConfirmModal })));

/** The question "Quitter sans enregistrer ?", its dialog's code loaded when it is first asked. */
export function UnsavedQuestion({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <ConfirmModal
        show
        title={t('unsaved.title')}
        body={t('unsaved.body')}
        confirm="delete"
        confirmLabel={t('unsaved.leave')}
        cancelLabel={t('unsaved.stay')}
        onConfirm={onLeave}
        onCancel={onStay}
      />
    </Suspense>
  );
}

/**
 * Asks before leaving a form that holds changes not saved: a link, the menu, Back (a dialog of the
 * portal) or closing the tab and reloading (the browser's own question). Every blocker of the page
 * asks `lib/unsaved-input` (React Router heeds only the latest one), which also knows the text
 * typed into any field, so a dialog opened after a form never lets the form's changes go silently. A change of the address's
 * search or fragment on the same page is not leaving for a page's form (`guard: 'page'`), but it is
 * for a dialog (`guard: 'history'`), which the move would close. `release()` lets the next
 * navigation through (call it right before the navigation that follows a save).
 *
 * A form that saves itself (an autosave) gives `flush`: a navigation in the portal first waits for
 * it and goes on when it saved, asking only when it did not; `beforeUnload: false` leaves a reload
 * or a closed tab to the form (which saves on `pagehide`) while its save has not failed.
 */
export function useUnsavedChanges(
  dirty: boolean,
  guard: Guard = 'page',
  options: { flush?: () => Promise<boolean>; beforeUnload?: boolean } = {},
): {
  modal: ReactNode;
  release: () => void;
  /** asks again after a release whose save failed (the form is still not saved) */
  arm: () => void;
} {
  const token = useRef(Symbol('unsaved form'));
  const released = useRef(false);
  useEffect(() => {
    const self = token.current;
    if (dirty) released.current = false;
    setFormUnsaved(self, dirty ? guard : null);
    return () => setFormUnsaved(self, null);
  }, [dirty, guard]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) =>
      dropsUnsaved(currentLocation, nextLocation, historyAction),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const { flush, beforeUnload = true } = options;
  // the navigation whose save on leaving failed: that one asks
  const [unsavedLeave, setUnsavedLeave] = useState<string | null>(null);
  const blockedKey = blocker.state === 'blocked' ? blocker.location.key : null;
  const proceed = useRef(blocker.proceed);
  const flushRef = useRef(flush);
  useEffect(() => {
    proceed.current = blocker.proceed;
    flushRef.current = flush;
  });
  useEffect(() => {
    const save = flushRef.current;
    if (blockedKey === null || !save) return undefined;
    let live = true;
    void save().then((saved) => {
      if (!live) return;
      if (saved) {
        released.current = true;
        proceed.current?.();
      } else setUnsavedLeave(blockedKey);
    });
    return () => {
      live = false;
    };
  }, [blockedKey]);
  useEffect(() => {
    if (!dirty || !beforeUnload) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current || isLeaving()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, beforeUnload]);
  const modal =
    blockedKey !== null && (!flush || unsavedLeave === blockedKey) ? (
      <UnsavedQuestion onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
    ) : null;
  const release = useCallback(() => {
    released.current = true;
    setFormUnsaved(token.current, null);
    // the page's typed text goes with the save that the next navigation follows
    markSaved();
  }, []);
  const arm = useCallback(() => {
    released.current = false;
    if (dirty) setFormUnsaved(token.current, guard);
  }, [dirty, guard]);
  return { modal, release, arm };
}
