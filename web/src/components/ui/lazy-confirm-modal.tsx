import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ConfirmModal as EagerConfirmModal } from './confirm-modal';

const ConfirmModal = lazy(() => import('./confirm-modal').then((m) => ({ default: m.ConfirmModal })));

/**
 * The confirmation dialog, its code and the dialog's styles loaded the first time it shows (a
 * delete asked for), not with the screen; kept once loaded, so that it closes with its transition.
 */
export function LazyConfirmModal(props: ComponentProps<typeof EagerConfirmModal>) {
  const [wanted, setWanted] = useState(props.show);
  if (props.show && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
