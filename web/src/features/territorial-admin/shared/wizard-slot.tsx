/**
 * A wizard or dialog loaded on first use: its open/closed state, and the slot that mounts it once it
 * has been opened (each resource declares its lazily loaded dialogs in its lazy-dialogs.ts).
 */
import { Suspense, useState, type ReactNode } from 'react';

/**
 * The open/closed state of one lazily loaded wizard; it mounts (and loads) on first opening only.
 * (The steps inside a wizard are `useWizard`, web/src/lib/use-wizard.ts.)
 */
export function useWizardSlot(): { show: boolean; opened: boolean; open: () => void; hide: () => void } {
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  return {
    show,
    opened,
    open: () => {
      setOpened(true);
      setShow(true);
    },
    hide: () => setShow(false),
  };
}

/** Renders a lazily loaded wizard once it has been opened. */
export function WizardSlot({ opened, children }: { opened: boolean; children: ReactNode }) {
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
