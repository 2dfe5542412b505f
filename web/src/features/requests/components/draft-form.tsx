import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import type { ServiceRequest } from '@portal/contract';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { pushAlert } from '@/lib/alerts';
import {
  invalidateRequests,
  requestQueries,
  saveDraft,
  submitRequest,
  type RequestType,
} from '../api/requests';

interface DraftValues {
  requestTypeId: string;
  title: string;
  description: string;
  address: string;
}

const AUTOSAVE_MS = 600;

const valuesOf = (r: ServiceRequest): DraftValues => ({
  requestTypeId: String(r.requestType.id),
  title: r.title,
  description: r.description,
  address: r.address,
});

/** The draft's fields, saved as the user types (a short pause), submitted once complete. */
export function DraftForm({
  draft,
  types,
  contractId,
}: {
  draft: ServiceRequest;
  types: RequestType[];
  contractId: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<DraftValues>({ defaultValues: valuesOf(draft) });
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const timer = useRef<number | null>(null);

  const save = useMutation({
    meta: { toast: false }, // the autosave says 'Brouillon enregistré' beside the form
    mutationFn: (values: DraftValues) =>
      saveDraft(draft.id, {
        requestTypeId: Number(values.requestTypeId),
        title: values.title,
        description: values.description,
        address: values.address,
      }),
    onSuccess: (saved) => {
      // the cache holds what the server holds: a later visit starts from it, not from the blank draft
      client.setQueryData(requestQueries.detail(contractId, draft.id).queryKey, saved);
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

  const submit = useMutation({
    mutationFn: async () => {
      await saveNow();
      const sent = await submitRequest(draft.id);
      await invalidateRequests(client, contractId);
      return sent;
    },
    onError: (error) => {
      applyFieldErrors(form, error, ['title', 'description'], { message: () => t('requests.required') });
    },
  });
  const { errors } = form.formState;

  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate(undefined, {
          onSuccess: (sent) => {
            const target = buildPath(paths.requests.detail, { requestId: sent.id });
            pushAlert('success', 'requests.submitted', target);
            void navigate(target);
          },
        });
      }}
    >
      <p className="small text-body-secondary" role="status" aria-live="polite">
        {save.isPending
          ? t('requests.saving')
          : save.isError
            ? t('requests.save_failed', { message: save.error.message })
            : savedAt
              ? t('requests.saved_at', { time: savedAt })
              : t('requests.autosave_help')}
      </p>
      {submit.isError ? (
        <div role="alert" className="alert alert-danger">
          {t('requests.error', { message: submit.error.message })}
        </div>
      ) : null}
      <FormField id="request-type" label={t('requests.field.type')} className="mb-3">
        {(control) => (
          <Controller
            control={form.control}
            name="requestTypeId"
            render={({ field }) => (
              <Form.Select {...field} {...control}>
                <SelectOptions items={types} />
              </Form.Select>
            )}
          />
        )}
      </FormField>
      <FormField
        id="request-title"
        label={t('requests.field.title')}
        error={errors.title?.message}
        className="mb-3"
      >
        {(control) => (
          <Form.Control {...form.register('title', { maxLength: 255 })} maxLength={255} {...control} />
        )}
      </FormField>
      <FormField
        id="request-description"
        label={t('requests.field.description')}
        error={errors.description?.message}
        className="mb-3"
      >
        {(control) => (
          <Form.Control
            as="textarea"
            rows={5}
            maxLength={4000}
            {...form.register('description')}
            {...control}
          />
        )}
      </FormField>
      <FormField id="request-address" label={t('requests.field.address')} className="mb-3">
        {(control) => <Form.Control {...form.register('address')} maxLength={500} {...control} />}
      </FormField>
      {draft.location ? (
        <p className="small">
          {t('requests.location', { latitude: draft.location.lat, longitude: draft.location.lng })}
        </p>
      ) : null}
      <div className="d-flex gap-2">
        <Button
          type="button"
          variant="outline-secondary"
          disabled={save.isPending}
          onClick={() => void saveNow().catch(() => undefined)}
        >
          {t('requests.save_draft')}
        </Button>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? <Spinner size="sm" /> : null} {t('requests.submit')}
        </Button>
      </div>
    </Form>
  );
}
