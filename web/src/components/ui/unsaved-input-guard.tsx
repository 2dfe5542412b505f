import { useEffect, useState } from 'react';
import { setLeaveQuestion, unloadDropsTypedText, watchTypedInput } from '@/lib/unsaved-input';
import { UnsavedQuestion, useUnsavedChanges } from './use-unsaved-changes';

/**
 * The signed-in shell's guard of typed text (`lib/unsaved-input`): every text field a person typed
 * into is guarded like a form holding changes, whichever screen it is on. A move in the portal
 * (Back, the menu, a link, another tab, logout) asks 'Quitter sans enregistrer ?'; a reload or a
 * closed tab gets the browser's own question; a contract switch, which reloads the portal, asks
 * the portal's question first. Staying keeps the text.
 */
export function UnsavedInputGuard() {
  // no form of its own: its blocker asks for the typed text of the page
  const { modal } = useUnsavedChanges(false);
  const [answer, setAnswer] = useState<((leave: boolean) => void) | null>(null);
  useEffect(() => watchTypedInput(), []);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unloadDropsTypedText()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  useEffect(() => {
    setLeaveQuestion(() => new Promise<boolean>((resolve) => setAnswer(() => resolve)));
    return () => setLeaveQuestion(null);
  }, []);
  const reply = (leave: boolean) => {
    answer?.(leave);
    setAnswer(null);
  };
  return (
    <>
      {modal}
      {answer ? <UnsavedQuestion onLeave={() => reply(true)} onStay={() => reply(false)} /> : null}
    </>
  );
}
