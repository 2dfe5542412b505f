/**
 * A contract's appearance (portal.md section 1: "Each contract can set a theme: logos, colours, page
 * title and favicon"): the page title and the favicon of its users' tabs, from its site
 * configuration (POST when it has none, PUT after), then the colours, logos and tool addresses of
 * its metadata (contract-branding.tsx, loaded with the section). The favicon is chosen as an image
 * file, checked (the accepted image types, size) and previewed before it is sent, its progress
 * shown while it goes; once saved, the title and favicon apply at once for the signed-in user of
 * that contract.
 */
import { lazy, Suspense, useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { FAVICON, TEXT_MAX_LENGTH } from '@portal/contract/constants';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { themeQueries } from '@/lib/theme/use-theme';
import { saveSiteConfiguration } from './api';
import { ImageFileField, onFields } from './image-file-field';

// its own chunk: the section's first form draws without waiting for the second's code
const ContractBranding = lazy(() =>
  import('./contract-branding').then((m) => ({ default: m.ContractBranding })),
);
import { SaveButtons } from '@/components/ui/save-buttons';
import { errorMessageKey } from '@/lib/error-message';

interface AppearanceValues {
  documentTitle: string;
  faviconOnglet: string | null;
}

const FIELDS = ['documentTitle', 'faviconOnglet'] as const;

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
        <ImageFileField
          value={favicon}
          onChange={(value) => {
            form.setValue('faviconOnglet', value, { shouldDirty: true });
            form.clearErrors('faviconOnglet');
          }}
          serverError={form.formState.errors.faviconOnglet?.message}
          maxBytes={FAVICON.maxBytes}
          texts={{
            label: t('appearance.favicon'),
            help: t('appearance.favicon_help'),
            preview: t('appearance.favicon_preview'),
            none: t('appearance.no_favicon'),
            remove: t('appearance.remove_favicon'),
          }}
          previewSize={{ width: 32, height: 32 }}
          testId="favicon-preview"
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
        <Suspense fallback={<Spinner />}>
          <ContractBranding contractId={contractId} />
        </Suspense>
      </div>
    </section>
  );
}
