import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { buildPath, paths } from '@portal/contract/routes';
import { PHOTO_MAX_BYTES } from '@portal/contract/constants';
import { LoadFailure } from '@/components/ui/alerts';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { formIssues } from '@/lib/form-schema';
import { ApiError } from '@/lib/api-client';
import { useContractId, useCurrentUser } from '@/lib/auth/hooks';
import { pushAlert } from '@/lib/alerts';
import { errorMessageKey } from '@/lib/error-message';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';
import { freeStorage, LOW_STORAGE_BYTES } from '@/lib/offline/keep-report';
import { reportOf, type WaitingReport } from '@/lib/offline/report-store';
import { sendOrKeep } from '@/lib/offline/send-or-keep';
import { invalidateSignals, signalQueries } from '../api/signals';
import { CORRECT_PARAM } from '../components/waiting-reports';
import { SignalLocationFields } from '../components/signal-location-fields';
import { signalFormSchema } from '../components/signal-form-schema';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';

type FormInput = z.input<typeof signalFormSchema>;
type FormOutput = z.output<typeof signalFormSchema>;

/** The refused report named by ?corriger=, read from the device (undefined while it is read). */
function useReportToCorrect(): { id: string | null; report: WaitingReport | null | undefined } {
  const [params] = useSearchParams();
  const id = params.get(CORRECT_PARAM);
  const user = useCurrentUser();
  const [report, setReport] = useState<WaitingReport | null | undefined>(id ? undefined : null);
  useEffect(() => {
    if (!id || !user) return;
    let live = true;
    void reportOf(user.id, id).then((found) => {
      if (live) setReport(found ?? null);
    });
    return () => {
      live = false;
    };
  }, [id, user]);
  return { id, report };
}

/** Whether the device's storage is almost full (checked once, before the agent types). */
function useLowStorage(): boolean {
  const [low, setLow] = useState(false);
  useEffect(() => {
    void freeStorage().then((free) => setLow(free !== null && free < LOW_STORAGE_BYTES));
  }, []);
  return low;
}

/**
 * /signalement/signaler: category, description, location (map click or coordinates), photos.
 * Without network the report is kept on the device (docs/offline.md); ?corriger= opens a report
 * the server refused, with its reason.
 */
export function Component() {
  const { report } = useReportToCorrect();
  if (report === undefined) return <Spinner />;
  return <SignalForm draft={report} />;
}

/** The storage warning before typing, and the server's reason of a report being corrected. */
function DeviceNotices({ draft }: { draft: WaitingReport | null }) {
  const { t } = useTranslation();
  const lowStorage = useLowStorage();
  return (
    <>
      {lowStorage ? (
        <div role="alert" className="alert alert-warning">
          {t('offline.storage_low')}
        </div>
      ) : null}
      {draft?.state === 'refused' ? (
        <div role="alert" className="alert alert-danger">
          {t('offline.correcting', { reason: draft.reason ?? '' })}
        </div>
      ) : null}
    </>
  );
}

/** A refused report's field errors, on its fields. */
function useDraftErrors(form: { setError: UseFormSetError<FormInput> }, draft: WaitingReport | null) {
  useEffect(() => {
    if (draft?.fieldErrors?.length)
      applyFieldErrors(form, new ApiError(400, draft.reason ?? '', { errors: draft.fieldErrors }), [
        'categoryId',
        'description',
        'address',
        'location',
      ]);
  }, [draft, form]);
}

function defaultsOf(draft: WaitingReport | null): FormInput {
  if (!draft) return { categoryId: '', description: '', address: '', location: null };
  return {
    categoryId: String(draft.body.categoryId),
    description: draft.body.description,
    address: draft.body.address ?? '',
    location: draft.body.location,
  };
}

function SignalForm({ draft }: { draft: WaitingReport | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const contractId = useContractId();
  const user = useCurrentUser();
  const categories = useQuery({ ...signalQueries.categories(contractId) });
  const [files, setFiles] = useState<File[]>([]);
  const { upload, track, done } = useUploadProgress();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(signalFormSchema, { error: formIssues }),
    defaultValues: defaultsOf(draft),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  useDraftErrors(form, draft);
  // every chosen file is checked before anything is sent (portal.md section 5): one refused
  // photo keeps the signal from being created, and the form stays as it is
  const refused = files.map((file) => imageFileProblem(file, PHOTO_MAX_BYTES)).filter((p) => p !== null);
  const photosError = refused.length
    ? refused.map((problem) => imageFileMessage(t, problem)).join(' ')
    : null;

  const save = useMutation({
    // without network the report is kept on the device: never paused until the network returns
    networkMode: 'always',
    mutationFn: async (values: FormOutput) => {
      const outcome = await sendOrKeep(
        user?.id ?? 0,
        {
          contractId: contractId,
          categoryId: values.categoryId,
          description: values.description,
          address: values.address,
          location: values.location!,
        },
        // a corrected report keeps its photos unless others are chosen
        files.length > 0 || !draft
          ? files
          : draft.photos.map((photo) => new File([photo.blob], photo.name, { type: photo.type })),
        { replaces: draft?.id, progress: { track, done } },
      );
      if (outcome.kind === 'sent') await invalidateSignals(client, contractId);
      return outcome;
    },
    onError: (error) => applyFieldErrors(form, error, ['categoryId', 'description', 'address', 'location']),
  });

  // the text of a field's error, none while the field is valid
  const message = (key: string, error?: { message?: string }) => {
    if (!error) return null;
    const m = error.message;
    if (m === 'required') return t('signals.required');
    if (m === 'too_long') return t('signals.too_long');
    if (m === 'location') return t('signals.location_required');
    return m || key;
  };

  return (
    <section>
      {unsaved.modal}
      <PageTitle>{t('signals.create_title')}</PageTitle>
      <Link to={paths.signals.list} className="d-inline-block mb-3">
        {t('signals.back')}
      </Link>
      <DeviceNotices draft={draft} />
      {save.isError ? (
        <div className="mb-3">
          <ErrorMessage error={save.error} action={t('signals.error')} />
        </div>
      ) : null}
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (photosError) return;
          save.mutate(values, {
            onSuccess: (outcome) => {
              if (outcome.kind === 'kept') {
                unsaved.release();
                pushAlert('info', 'offline.kept', paths.signals.list);
                void navigate(paths.signals.list);
                return;
              }
              const { signal, failures } = outcome;
              const target = buildPath(paths.signals.detail, { signalId: signal.id });
              pushAlert('success', 'signals.created', target);
              for (const failure of failures)
                pushAlert('warning', 'signals.photo_failed', target, {
                  name: failure.name,
                  reason: t(errorMessageKey(failure.error)),
                });
              unsaved.release();
              void navigate(target);
            },
          });
        })}
      >
        <FormField
          id="signal-category"
          label={t('signals.field.category')}
          error={message('categoryId', errors.categoryId)}
          className="mb-3"
        >
          {(control) => (
            <Form.Select {...form.register('categoryId')} {...control}>
              <SelectOptions items={categories.data} empty={t('signals.field.choose_category')} />
            </Form.Select>
          )}
        </FormField>
        {/* the choices could not be read: said under the field, with its retry; what is typed stays */}
        {categories.isError ? <LoadFailure onRetry={categories.refetch} /> : null}
        <FormField
          id="signal-description"
          label={t('signals.field.description')}
          error={message('description', errors.description)}
          className="mb-3"
        >
          {(control) => (
            <Form.Control as="textarea" rows={4} {...form.register('description')} {...control} />
          )}
        </FormField>
        <SignalLocationFields
          form={form}
          addressError={message('address', errors.address)}
          locationError={errors.location ? t('signals.location_required') : null}
        />
        <FormField
          id="signal-photos"
          label={t('signals.field.photos')}
          help={t('signals.photos_help')}
          error={photosError}
          announce
          className="mb-3"
        >
          {(control) => (
            <Form.Control
              type="file"
              multiple
              accept={IMAGE_ACCEPT}
              onChange={(e) => setFiles(Array.from((e.target as HTMLInputElement).files ?? []))}
              {...control}
            />
          )}
        </FormField>
        <UploadProgress upload={upload} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null} {t('signals.submit')}
        </Button>
      </Form>
    </section>
  );
}
