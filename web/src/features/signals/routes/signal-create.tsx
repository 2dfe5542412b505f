import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import { formatDate, useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadFailure } from '@/components/ui/alerts';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormField, SelectOptions } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { ApiError } from '@/lib/api-client';
import { useContractId, useCurrentUser } from '@/lib/auth/hooks';
import { pushAlert } from '@/lib/alerts';
import { errorMessageKey } from '@/lib/error-message';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';
import { signalMayExist, storageProblem, type StorageProblem } from '@/lib/offline/report-checks';
import { reportOf, type WaitingReport } from '@/lib/offline/report-store';
import { deleteDraft, draftOf, saveDraft, type ReportDraft } from '@/lib/offline/drafts';
import { holdReport } from '@/lib/offline/sync';
import { PhotoTooLarge, ReportGone, StorageUnavailable } from '@/lib/offline/save-failures';
import type { SaveOutcome } from '@/lib/offline/send-or-keep';
import { invalidateSignals, signalQueries } from '../api/signals';
import { CORRECT_PARAM } from '../components/correct-param';
import { SignalLocationFields } from '../components/signal-location-fields';
import type { signalFormSchema } from '../components/signal-form-schema';
import type { PhotoExifDetails as EagerExifDetails } from '../components/photo-exif-details';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';

type FormInput = z.input<typeof signalFormSchema>;
type FormOutput = z.output<typeof signalFormSchema>;

/**
 * What the chosen photos' EXIF says loads with the first photo chosen: before it, it shows
 * nothing (the service worker precaches it: it loads offline too).
 */
const PhotoExifDetails = lazy(() =>
  import('../components/photo-exif-details').then((m) => ({ default: m.PhotoExifDetails })),
) as unknown as typeof EagerExifDetails;

/** The EXIF details, mounted from the first photo chosen on (what they filled can still be undone). */
function ChosenPhotosExif(props: {
  files: readonly File[];
  form: UseFormReturn<FormInput, unknown, FormOutput>;
  canFill: boolean;
}) {
  const [chosen, setChosen] = useState(false);
  if (props.files.length > 0 && !chosen) setChosen(true);
  if (!chosen) return null;
  return (
    <Suspense fallback={null}>
      <PhotoExifDetails {...props} />
    </Suspense>
  );
}

/** The form's schema (and zod) load with its first validation, not with the form. */
const resolver = lazyZodResolver(() =>
  import('../components/signal-form-schema').then((m) => m.signalFormSchema),
);

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

/** How long typing pauses before the draft is kept. */
const DRAFT_DELAY_MS = 400;

/** What keeps the device from holding a report (checked once, before the agent types). */
function useStorageProblem(): StorageProblem | null {
  const [problem, setProblem] = useState<StorageProblem | null>(null);
  useEffect(() => {
    void storageProblem().then(setProblem);
  }, []);
  return problem;
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

/**
 * The storage warning before typing; the server's reason of a report being corrected (in French,
 * its own words under the technical details); a report whose signal may exist already: only its
 * missing photos are sent.
 */
function DeviceNotices({ draft }: { draft: WaitingReport | null }) {
  const { t } = useTranslation();
  const storage = useStorageProblem();
  return (
    <>
      {storage ? (
        <div role="alert" className="alert alert-warning">
          {t(`offline.storage.${storage}`)}
        </div>
      ) : null}
      {draft?.state === 'refused' ? (
        <div className="mb-3">
          <ErrorMessage error={refusalOf(draft)} action={t('offline.correcting')} />
        </div>
      ) : null}
      {draft && signalMayExist(draft) ? (
        <div role="status" className="alert alert-info">
          {t('offline.only_missing')}
        </div>
      ) : null}
    </>
  );
}

/** A kept refusal as the failure it was. */
function refusalOf(report: WaitingReport): ApiError {
  return new ApiError(report.reasonStatus || 400, report.reason ?? '', { errors: report.fieldErrors ?? [] });
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

function defaultsOf(draft: WaitingReport | null, typed: ReportDraft | null): FormInput {
  if (!draft && typed)
    return {
      categoryId: typed.categoryId,
      description: typed.description,
      address: typed.address,
      location: typed.location,
    };
  if (!draft) return { categoryId: '', description: '', address: '', location: null };
  return {
    categoryId: String(draft.body.categoryId),
    description: draft.body.description,
    address: draft.body.address ?? '',
    location: draft.body.location,
  };
}

/**
 * A new report is kept as a draft while it is typed (lib/offline/drafts.ts), resumed when the form
 * opens again; a report being corrected is on the device already.
 */
function useTypedDraft(
  form: UseFormReturn<FormInput, unknown, FormOutput>,
  userId: number | null,
  on: boolean,
): { stop: () => void } {
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!on || userId === null) return undefined;
    const subscription = form.watch((values) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (stopped.current) return;
        const location = values.location;
        saveDraft(userId, {
          categoryId: String(values.categoryId ?? ''),
          description: values.description ?? '',
          address: values.address ?? '',
          // half-typed coordinates too: a missing one is kept as NaN
          location:
            location && (Number.isFinite(location.lat) || Number.isFinite(location.lng))
              ? { lat: Number(location.lat), lng: Number(location.lng) }
              : null,
        });
      }, DRAFT_DELAY_MS);
    });
    return () => {
      clearTimeout(timer.current);
      subscription.unsubscribe();
    };
  }, [form, userId, on]);
  return {
    // the report is kept: its draft goes, and nothing typed before brings it back
    stop: () => {
      stopped.current = true;
      clearTimeout(timer.current);
      if (userId !== null && on) deleteDraft(userId);
    },
  };
}

/** The draft this form resumed, with the way to clear it. */
function ResumedDraft({ draft, onClear }: { draft: ReportDraft; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="alert alert-info d-flex flex-wrap gap-2 align-items-center">
      <span className="flex-grow-1">
        {t('offline.draft.resumed', { date: formatDate(new Date(draft.savedAt)) })}
      </span>
      <Button size="sm" variant="outline-secondary" onClick={onClear}>
        {t('offline.draft.clear')}
      </Button>
    </div>
  );
}

/** The body of the report as the contract takes it. */
function bodyOf(contractId: number, values: FormOutput) {
  return {
    contractId,
    categoryId: values.categoryId,
    description: values.description,
    address: values.address,
    location: values.location!,
  };
}

/** A failure of the save that is the device's, not the server's: said in its own words. */
function DeviceFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error instanceof StorageUnavailable)
    return (
      <div role="alert" className="alert alert-danger">
        {t(error.full ? 'offline.storage.full' : 'offline.storage.missing')}
      </div>
    );
  if (error instanceof ReportGone)
    return (
      <div role="alert" className="alert alert-info">
        {t('offline.sent_meanwhile')}
      </div>
    );
  if (error instanceof PhotoTooLarge)
    return (
      <div role="alert" className="alert alert-danger">
        {t('offline.photo_too_large', { name: error.fileName })}
      </div>
    );
  return <ErrorMessage error={error} action={t('signals.error')} />;
}

/** What the agent is told once the save is over, and where the form goes. */
function useSaved(release: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (outcome: SaveOutcome) => {
    if (outcome.kind === 'refused' || outcome.kind === 'failed') return;
    release();
    if (outcome.kind === 'kept') {
      pushAlert(
        'info',
        outcome.reason === 'offline' ? 'offline.kept' : 'offline.kept_no_answer',
        paths.signals.list,
      );
      void navigate(paths.signals.list);
      return;
    }
    const target = buildPath(paths.signals.detail, { signalId: outcome.signalId });
    pushAlert('success', 'signals.created', target);
    // the server had made the signal before failing: what was changed since is said, not lost silently
    if (outcome.textKept) pushAlert('warning', 'offline.text_kept', target);
    for (const photo of outcome.refusedPhotos)
      pushAlert('warning', 'signals.photo_failed', target, {
        name: photo.name,
        reason: t(errorMessageKey(new ApiError(photo.refused?.status ?? 400, photo.refused?.message ?? ''))),
      });
    void navigate(target);
  };
}

/**
 * The report this form kept and the server refused or failed on: the next save replaces it. Its
 * photos' files are kept with it, compressed: pressed again with the same files, none is added
 * twice. A report the server failed on (5xx) is held from the queue while the form is open, so that
 * the next press sends what is on screen; its signal made already (a photo failed), its text is locked.
 */
function useFormReport() {
  const [kept, setKept] = useState<{ id: string; files: File[]; failed: WaitingReport | null } | null>(null);
  const failed = kept?.failed ?? null;
  useEffect(() => (failed ? holdReport(failed.id) : undefined), [failed]);
  return {
    refusedId: kept?.id ?? null,
    failed,
    photosToAdd: (files: File[]) => (kept && files === kept.files ? [] : files),
    keep: (outcome: Extract<SaveOutcome, { kind: 'refused' | 'failed' }>, files: File[]) =>
      setKept({ id: outcome.reportId, files, failed: outcome.kind === 'failed' ? outcome.report : null }),
  };
}

function SignalForm({ draft }: { draft: WaitingReport | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const contractId = useContractId();
  const user = useCurrentUser();
  const categories = useQuery({ ...signalQueries.categories(contractId) });
  const [files, setFiles] = useState<File[]>([]);
  const { refusedId, failed, photosToAdd, keep } = useFormReport();
  const { upload, track, done } = useUploadProgress();
  const [typed, setTyped] = useState(() => (draft || !user ? null : draftOf(user.id)));
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: defaultsOf(draft, typed),
  });
  const typing = useTypedDraft(form, user?.id ?? null, !draft);
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const saved = useSaved(unsaved.release);
  const { errors } = form.formState;
  useDraftErrors(form, draft);
  // the signal of this report may be on the server already: its body goes as it was
  const signalMade = failed?.signalId !== undefined;
  const locked = (!!draft && signalMayExist(draft)) || signalMade;
  // a file's type is checked before anything is kept; its size once compressed (a camera's photo
  // is larger than the upload's limit, and kept at about 0.35 MB)
  const refused = files.map((file) => imageFileProblem(file, Infinity)).filter((p) => p !== null);
  const photosError = refused.length
    ? refused.map((problem) => imageFileMessage(t, problem)).join(' ')
    : null;

  const save = useMutation({
    // without network the report is kept on the device: never paused until the network returns
    networkMode: 'always',
    mutationFn: async (values: FormOutput) => {
      // the sending code loads with the first press (precached by the service worker: offline too)
      const { sendOrKeep } = await import('@/lib/offline/send-or-keep');
      const outcome = await sendOrKeep(user?.id ?? 0, bodyOf(contractId, values), photosToAdd(files), {
        ...((refusedId ?? draft?.id) ? { replaces: (refusedId ?? draft?.id) as string } : {}),
        progress: { track, done },
        // the report is on the device: the draft it came from is no longer needed
        onStored: typing.stop,
      });
      if (outcome.kind === 'refused' || outcome.kind === 'failed') {
        keep(outcome, files);
        throw refusalOf(outcome.report);
      }
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
      {signalMade && !draft ? (
        <div role="status" className="alert alert-info">
          {t('offline.only_missing')}
        </div>
      ) : null}
      {typed ? (
        <ResumedDraft
          draft={typed}
          onClear={() => {
            if (user) deleteDraft(user.id);
            setTyped(null);
            form.reset(defaultsOf(null, null));
          }}
        />
      ) : null}
      {save.isError ? (
        <div className="mb-3">
          <DeviceFailure error={save.error} />
        </div>
      ) : null}
      <Form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (photosError) return;
          save.mutate(values, {
            onSuccess: saved,
          });
        })}
      >
        <fieldset disabled={locked}>
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
        </fieldset>
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
        <ChosenPhotosExif files={files} form={form} canFill={!locked} />
        <UploadProgress upload={upload} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null} {t('signals.submit')}
        </Button>
      </Form>
    </section>
  );
}
