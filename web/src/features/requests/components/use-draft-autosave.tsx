import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { ServiceRequest } from '@portal/contract';
import { requestQueries, saveDraft } from '../api/requests';
import { errorMessageKey } from '@/lib/error-message';

export interface DraftValues {
  requestTypeId: string;
  title: string;
  description: string;
  address: string;
}

const AUTOSAVE_MS = 600;

/**
 * Saves the draft a short pause after each change (never at start: the subscription may report the
 * loaded values), and on demand; the cache then holds what the server holds.
 */
export function useDraftAutosave(form: UseFormReturn<DraftValues>, draftId: number, contractId: number) {
  const client = useQueryClient();
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const timer = useRef<number | null>(null);

  const save = useMutation({
    meta: { toast: false }, // the autosave says 'Brouillon enregistré' beside the form
    mutationFn: (values: DraftValues) =>
      saveDraft(draftId, {
        requestTypeId: Number(values.requestTypeId),
        title: values.title,
        description: values.description,
        address: values.address,
      }),
    onSuccess: (saved) => {
      // the cache holds what the server holds: a later visit starts from it, not from the blank draft
      client.setQueryData(requestQueries.detail(contractId, draftId).queryKey, saved);
      setSavedAt(
        new Date().toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
      );
    },
  });
  const saveNow = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    return save.mutateAsync(form.getValues());
  };
  const saveRef = useRef(saveNow);
  useEffect(() => {
    saveRef.current = saveNow;
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
        setSavedAt(null);
        if (timer.current !== null) window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void saveRef.current().catch(() => undefined), AUTOSAVE_MS);
      },
    });
    return () => {
      unsubscribe();
      if (timer.current !== null) window.clearTimeout(timer.current);
    };
  }, [form]);

  return { save, saveNow, savedAt };
}

type SaveState = Pick<
  UseMutationResult<ServiceRequest, Error, DraftValues>,
  'isPending' | 'isError' | 'error'
>;

/** What the autosave is doing, said politely beside the form. */
export function AutosaveStatus({ save, savedAt }: { save: SaveState; savedAt: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="small text-body-secondary" role="status" aria-live="polite">
      {save.isPending
        ? t('requests.saving')
        : save.isError
          ? t('requests.save_failed', { message: t(errorMessageKey(save.error)) })
          : savedAt
            ? t('requests.saved_at', { time: savedAt })
            : t('requests.autosave_help')}
    </p>
  );
}
