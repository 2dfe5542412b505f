/**
 * The state of a multi-step wizard (STYLE.md "Forms and wizards"): the current step, back and
 * next, the done screen, and a reset to the first step with a new form key so that every step's
 * own state (a search typed in a picker, a touched field) starts empty again. A wizard opened to
 * edit one thing may start further on (`initialStep`), and starts there again on reset.
 */
import { useCallback, useState } from 'react';

export interface Wizard {
  step: number;
  stepCount: number;
  isFirst: boolean;
  isLast: boolean;
  done: boolean;
  /** changes on reset: key the wizard's body with it */
  formKey: number;
  /** a key for the current step's body: each step mounts its own pickers and filters */
  stepKey: string;
  next: () => void;
  back: () => void;
  goTo: (step: number) => void;
  finish: () => void;
  reset: () => void;
}

export function useWizard(stepCount: number, initialStep = 0): Wizard {
  const [step, setStep] = useState(initialStep);
  const [done, setDone] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const goTo = useCallback(
    (target: number) => setStep(Math.min(Math.max(target, 0), stepCount - 1)),
    [stepCount],
  );
  const reset = useCallback(() => {
    setStep(initialStep);
    setDone(false);
    setFormKey((key) => key + 1);
  }, [initialStep]);
  return {
    step,
    stepCount,
    isFirst: step === 0,
    isLast: step === stepCount - 1,
    done,
    formKey,
    stepKey: `${formKey}-${step}`,
    next: () => goTo(step + 1),
    back: () => goTo(step - 1),
    goTo,
    finish: () => setDone(true),
    reset,
  };
}
