import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import type { ServiceRequest } from '@portal/contract';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { pushAlert } from '@/lib/alerts';
import { invalidateRequests, submitRequest, type RequestType } from '../api/requests';
import { DRAFT_MAX_LENGTH } from './draft-limits';
import { AutosaveStatus, useDraftAutosave, type DraftValues } from './use-draft-autosave';
import { ErrorMessage } from '@/components/ui/error-message';

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
  const autosave = useDraftAutosave(form, draft.id, contractId);
  const { saveNow } = autosave;
  // leaving waits for the save of what is typed; a reload or a closed tab sends it on the way out,
  // unless saving has failed: then the browser asks too
  const leaving = useUnsavedChanges(autosave.unsaved, 'page', {
    flush: autosave.flush,
    beforeUnload: autosave.phase === 'failed',
  });

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
      // the draft keeps its text itself (saved as it is typed): the page's guard of typed text leaves it be
      data-unsaved="own"
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate(undefined, {
          onSuccess: (sent) => {
            const target = buildPath(paths.requests.detail, { requestId: sent.id });
            pushAlert('success', 'requests.submitted', target);
            leaving.release();
            void navigate(target);
          },
        });
      }}
    >
      {leaving.modal}
      <AutosaveStatus
        phase={autosave.phase}
        savedAt={autosave.savedAt}
        error={autosave.error}
        onRetry={() => void saveNow().catch(() => undefined)}
      />
      {submit.isError ? (
        <div className="mb-3">
          <ErrorMessage error={submit.error} action={t('requests.error')} />
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
          <Form.Control {...form.register('title')} maxLength={DRAFT_MAX_LENGTH.title} {...control} />
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
            maxLength={DRAFT_MAX_LENGTH.description}
            {...form.register('description')}
            {...control}
          />
        )}
      </FormField>
      <FormField id="request-address" label={t('requests.field.address')} className="mb-3">
        {(control) => (
          <Form.Control {...form.register('address')} maxLength={DRAFT_MAX_LENGTH.address} {...control} />
        )}
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
          disabled={autosave.saving}
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
