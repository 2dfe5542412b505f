/**
 * A contract's appearance: the page title and the favicon of its users' tabs,
 * from its site configuration (POST when it has none, PUT after). The favicon is chosen as an image
 * file, checked (the accepted image types, size) and previewed before it is sent, its progress
 * shown while it goes; once saved, the title and favicon
 * apply at once for the signed-in user of that contract. The contract's colours and logos are
 * shown: the backend has no call to change them after the contract's creation, and the section
 * says so.
 */
import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { FAVICON, TEXT_MAX_LENGTH } from '@portal/contract/constants';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { useCurrentContract } from '@/lib/auth/hooks';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';
import { assetUrl } from '@/lib/theme';
import { themeQueries } from '@/lib/theme/use-theme';
import { contractQueries, saveSiteConfiguration } from './api';
import { SaveButtons } from '@/components/ui/save-buttons';
import { errorMessageKey } from '@/lib/error-message';

interface AppearanceValues {
  documentTitle: string;
  faviconOnglet: string | null;
}

const FIELDS = ['documentTitle', 'faviconOnglet'] as const;

/** Whether a failure's field errors land on one of the form's fields (then they say it there). */
const onFields = (error: unknown, fields: readonly string[]) =>
  error instanceof ApiError && error.fieldErrors.some((e) => fields.includes(e.path.split('.')[0] ?? ''));

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** The favicon field: a file input (the accepted image types, 64 KiB at most), its preview, and a removal. */
function FaviconField({
  value,
  onChange,
  serverError,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  serverError: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? serverError ?? null;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, FAVICON.maxBytes);
    if (problem) {
      setError(imageFileMessage(t, problem));
      return;
    }
    setError(null);
    onChange(await readAsDataUrl(file));
  };
  const preview = assetUrl(value);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('appearance.favicon')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className={`form-control${shown ? ' is-invalid' : ''}`}
        accept={IMAGE_ACCEPT}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-help${shown ? ` ${id}-error` : ''}`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div id={`${id}-help`} className="form-text">
        {t('appearance.favicon_help')}
      </div>
      {shown ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {shown}
        </div>
      ) : null}
      <div className="d-flex align-items-center gap-3 mt-2">
        {preview ? (
          <img
            src={preview}
            alt={t('appearance.favicon_preview')}
            width={32}
            height={32}
            className="border rounded"
            data-testid="favicon-preview"
          />
        ) : (
          <span className="text-body-secondary small">{t('appearance.no_favicon')}</span>
        )}
        {value ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              onChange(null);
              // the same file may be chosen again
              if (input.current) input.current.value = '';
            }}
          >
            {t('appearance.remove_favicon')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function AppearanceForm({
  contractId,
  initial,
  exists,
  loading = false,
}: {
  contractId: number;
  initial: AppearanceValues;
  exists: boolean;
  /** drawn in place, disabled, while the saved values load: nothing moves when they arrive */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const form = useForm<AppearanceValues>({ defaultValues: initial });
  const favicon = useWatch({ control: form.control, name: 'faviconOnglet' });
  const leaving = useUnsavedChanges(form.formState.isDirty);
  const { upload, track, done } = useUploadProgress();
  const save = useMutation({
    meta: { successMessage: 'appearance.saved' },
    mutationFn: (values: AppearanceValues) =>
      saveSiteConfiguration(
        contractId,
        exists,
        { documentTitle: values.documentTitle.trim(), faviconOnglet: values.faviconOnglet },
        // a new favicon travels in the body: its progress is shown
        values.faviconOnglet?.startsWith('data:') ? track(t('appearance.favicon')) : undefined,
      ).finally(done),
    onSuccess: (saved) => {
      // the theme reads this query: the title and favicon change at once for this contract's user
      queryClient.setQueryData(themeQueries.siteConfiguration(contractId).queryKey, saved);
      form.reset({ documentTitle: saved.documentTitle, faviconOnglet: saved.faviconOnglet });
    },
    // a 400's field errors on their fields, in French
    onError: (error) =>
      applyFieldErrors(form, error, FIELDS, {
        message: () => t('wizards.errors.server_refused', { message: t(errorMessageKey(error)) }),
      }),
  });
  const titleError = form.formState.errors.documentTitle;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // the favicon is not a registered input: its server error would block every later try
        form.clearErrors('faviconOnglet');
        void form.handleSubmit((values) => save.mutate(values))(event);
      }}
      aria-label={t('appearance.form')}
      aria-busy={loading || undefined}
    >
      <fieldset disabled={loading}>
        <div className="mb-3">
          <label htmlFor={titleId} className="form-label">
            {t('appearance.title_field')} <span aria-hidden="true">*</span>
          </label>
          <input
            id={titleId}
            className={`form-control${titleError ? ' is-invalid' : ''}`}
            maxLength={TEXT_MAX_LENGTH}
            {...form.register('documentTitle', {
              // the contract's rule (siteConfigurationInput), its length held by maxLength: checked
              // by hand, as this form loads with the tab and zod would come with it
              validate: (value) => value.trim() !== '' || t('wizards.errors.empty_field'),
            })}
            aria-required
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${titleId}-error` : undefined}
          />
          {titleError ? (
            <div id={`${titleId}-error`} className="invalid-feedback d-block">
              {titleError.message}
            </div>
          ) : null}
        </div>
        <FaviconField
          value={favicon}
          onChange={(value) => {
            form.setValue('faviconOnglet', value, { shouldDirty: true });
            form.clearErrors('faviconOnglet');
          }}
          serverError={form.formState.errors.faviconOnglet?.message}
        />
        <UploadProgress upload={upload} />
        {save.isError && !onFields(save.error, FIELDS) ? (
          <ErrorMessage error={save.error} action={t('wizards.save_failed')} />
        ) : null}
        {loading ? <Spinner /> : <SaveButtons pending={save.isPending} />}
      </fieldset>
      {leaving.modal}
    </form>
  );
}

/** The colours and logos of the contract, as they are: no call changes them after its creation. */
function BrandingSummary({ contractId }: { contractId: number }) {
  const { t } = useTranslation();
  // the session holds the current contract: shown at once, the screen's own answer replaces it
  const { contract: current } = useCurrentContract();
  const contract = useQuery({
    ...contractQueries.detail(contractId),
    placeholderData: current?.id === contractId ? current : undefined,
  });
  const meta = contract.data?.contractMetadatas;
  if (!meta) return null;
  const colour = (label: string, value: string | null | undefined) => (
    <>
      <dt>{label}</dt>
      <dd className="d-flex align-items-center gap-2">
        {value ? (
          <span
            aria-hidden="true"
            className="d-inline-block border rounded"
            style={{ width: 16, height: 16, background: value }}
          />
        ) : null}
        {value ?? t('appearance.none')}
      </dd>
    </>
  );
  const logo = (label: string, value: string | null | undefined) => (
    <>
      <dt>{label}</dt>
      <dd>{value ? <img src={assetUrl(value) ?? ''} alt={label} height={32} /> : t('appearance.none')}</dd>
    </>
  );
  return (
    <div className="mt-4">
      <h3 className="h6">{t('appearance.branding')}</h3>
      <dl className="about-list">
        {colour(t('appearance.primary_color'), meta.primaryColor)}
        {colour(t('appearance.secondary_color'), meta.secondaryColor)}
        {logo(t('appearance.primary_logo'), meta.primaryLogo)}
        {logo(t('appearance.secondary_logo'), meta.secondaryLogo)}
      </dl>
      <p className="small text-body-secondary mb-0">{t('appearance.branding_readonly')}</p>
    </div>
  );
}

export function ContractAppearance({ contractId }: { contractId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const site = useQuery(themeQueries.siteConfiguration(contractId));
  const missing = site.error instanceof ApiError && site.error.status === 404;
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title">
          {t('appearance.heading')}
        </h2>
        <p className="text-body-secondary small">{t('appearance.intro')}</p>
        {site.isError && !missing ? (
          <ErrorMessage error={site.error} action={t('appearance.load_failed')} />
        ) : (
          <AppearanceForm
            key={site.isPending ? 'loading' : site.data ? `saved-${site.data.id}` : 'none'}
            loading={site.isPending}
            contractId={contractId}
            exists={!missing}
            initial={{
              documentTitle: site.data?.documentTitle ?? '',
              faviconOnglet: site.data?.faviconOnglet ?? null,
            }}
          />
        )}
        <BrandingSummary contractId={contractId} />
      </div>
    </section>
  );
}
