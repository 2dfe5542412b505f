import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { ServiceRequest } from '@portal/contract';
import { requestQueries, saveDraft, saveDraftOnExit, type DraftUpdate } from '../api/requests';

export interface DraftValues {
  requestTypeId: string;
  title: string;
  description: string;
  address: string;
}

const AUTOSAVE_MS = 600;
/** The automatic retries of a failed save: 2 s, then twice as long each time, at most 30 s. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30_000;

/**
 * waiting: a change not yet sent; saving: sent, not answered; saved: the server holds what is shown;
 * failed: the last save failed (retried automatically); idle: nothing typed yet.
 */
export type AutosavePhase = 'idle' | 'waiting' | 'saving' | 'saved' | 'failed';

const updateOf = (values: DraftValues): DraftUpdate => ({
  requestTypeId: Number(values.requestTypeId),
  title: values.title,
  description: values.description,
  address: values.address,
});

const timeNow = () =>
  new Date().toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * Saves the draft a short pause after each change (never at start: the subscription may report the
 * loaded values), and on demand; the cache then holds what the server holds. A failed save is
 * retried with a growing pause (and on demand); `unsaved` holds until the server has what is shown,
 * and what is typed is sent one last time when the page goes away (a reload, a closed tab).
 */
export function useDraftAutosave(form: UseFormReturn<DraftValues>, draftId: number, contractId: number) {
  const client = useQueryClient();
  const [phase, setPhase] = useState<AutosavePhase>('idle');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const lastSaved = useRef(JSON.stringify(form.getValues()));
  const failures = useRef(0);
  const timer = useRef<number | null>(null);
  // one save at a time, in order: a later one sends what is typed by then
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const save = useMutation({
    meta: { toast: false }, // the autosave says how it went beside the form
    mutationFn: (values: DraftValues) => saveDraft(draftId, updateOf(values)),
  });
  const clearTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  const sendOnce = async (): Promise<ServiceRequest> => {
    clearTimer();
    const values = form.getValues();
    const sent = JSON.stringify(values);
    setPhase('saving');
    try {
      const saved = await save.mutateAsync(values);
      lastSaved.current = sent;
      failures.current = 0;
      client.setQueryData(requestQueries.detail(contractId, draftId).queryKey, saved);
      // a change typed while the save ran is not saved yet: it gets its own save
      if (JSON.stringify(form.getValues()) === sent) {
        setPhase('saved');
        setSavedAt(timeNow());
      } else {
        setPhase('waiting');
        timer.current = window.setTimeout(() => void saveRef.current().catch(() => undefined), AUTOSAVE_MS);
      }
      return saved;
    } catch (error) {
      failures.current += 1;
      setPhase('failed');
      const pause = Math.min(RETRY_FIRST_MS * 2 ** (failures.current - 1), RETRY_MAX_MS);
      timer.current = window.setTimeout(() => void saveRef.current().catch(() => undefined), pause);
      throw error;
    }
  };
  const saveNow = (): Promise<ServiceRequest> => {
    const run = chain.current.catch(() => undefined).then(sendOnce);
    chain.current = run;
    return run;
  };
  const saveRef = useRef(saveNow);
  const phaseRef = useRef(phase);
  useEffect(() => {
    saveRef.current = saveNow;
    phaseRef.current = phase;
  });

  useEffect(() => {
    // the subscription may report the current values at start: only a real change schedules a save
    let last = JSON.stringify(form.getValues());
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        const next = JSON.stringify(values);
        if (next === last) return;
        last = next;
        // a failed save keeps its retry (which sends what is typed by then) and its message
        if (phaseRef.current === 'failed') return;
        setPhase('waiting');
        clearTimer();
        timer.current = window.setTimeout(() => void saveRef.current().catch(() => undefined), AUTOSAVE_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimer();
    };
  }, [form]);

  // a reload or a closed tab: what is not saved yet is sent on the way out
  useEffect(() => {
    const onPageHide = () => {
      if (JSON.stringify(form.getValues()) !== lastSaved.current)
        saveDraftOnExit(draftId, updateOf(form.getValues()));
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [form, draftId]);

  const unsaved = phase === 'waiting' || phase === 'saving' || phase === 'failed';
  /** saves before leaving: true once the server holds what is shown */
  const flush = () =>
    saveNow().then(
      () => true,
      () => false,
    );
  return { phase, unsaved, saving: save.isPending, saveNow, savedAt, flush };
}

/** What the autosave is doing beside the form; a failure is an alert with its retry. */
export function AutosaveStatus({
  phase,
  savedAt,
  onRetry,
}: {
  phase: AutosavePhase;
  savedAt: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (phase === 'failed')
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2">
        <span role="alert" className="me-auto">
          {t('requests.save_failed_retrying')}
        </span>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onRetry}>
          {t('failure.retry')}
        </button>
      </div>
    );
  return (
    <p className="small text-body-secondary" role="status" aria-live="polite">
      {phase === 'saving'
        ? t('requests.saving')
        : phase === 'waiting'
          ? t('requests.unsaved_changes')
          : phase === 'saved' && savedAt
            ? t('requests.saved_at', { time: savedAt })
            : t('requests.autosave_help')}
    </p>
  );
}
