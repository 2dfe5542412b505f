/**
 * The contract's colours, logos and tool addresses (its metadata; portal.md sections 1 and 4, and
 * the Things Board portal and open API site that territorial-admin.md's shell opens in a new tab).
 * The logos are image files checked, previewed and sent as the favicon is (the accepted image types,
 * a size limit, the upload's progress); a preview shows the header as the contract's users will see
 * it. Only what changed is sent (PUT /api/contract/{contractId}/metadata); once saved, the colours
 * and logos apply at once when the contract is the signed-in user's current one.
 */
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Contract, ContractThemeInput } from '@portal/contract';
import { LOGO } from '@portal/contract/constants';
import { ErrorMessage } from '@/components/ui/error-message';
import { SaveButtons } from '@/components/ui/save-buttons';
import { Spinner } from '@/components/ui/spinner';
import { UploadProgress, useUploadProgress } from '@/components/ui/upload-progress';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCurrentContract } from '@/lib/auth/hooks';
import { sessionStore } from '@/lib/auth/session-store';
import { errorMessageKey } from '@/lib/error-message';
import { useTranslation } from '@/lib/i18n';
import { assetUrl } from '@/lib/theme';
import { readableTextOn } from '@/lib/theme/colors';
import { contractQueries, saveContractTheme } from './api';
import { ImageFileField, onFields } from './image-file-field';

interface BrandingValues {
  primaryColor: string;
  secondaryColor: string;
  primaryLogo: string | null;
  secondaryLogo: string | null;
  thingsBoardUrl: string;
  openApiUrl: string;
}

const FIELDS = [
  'primaryColor',
  'secondaryColor',
  'primaryLogo',
  'secondaryLogo',
  'thingsBoardUrl',
  'openApiUrl',
] as const;

/** The portal's own colours, shown when the contract sets none (lib/theme's defaults). */
const DEFAULT_COLORS = { primary: '#0b5394', secondary: '#1f6f50' } as const;

function valuesOf(contract: Contract): BrandingValues {
  const meta = contract.contractMetadatas;
  return {
    primaryColor: meta.primaryColor ?? DEFAULT_COLORS.primary,
    secondaryColor: meta.secondaryColor ?? DEFAULT_COLORS.secondary,
    primaryLogo: meta.primaryLogo ?? null,
    secondaryLogo: meta.secondaryLogo ?? null,
    thingsBoardUrl: meta.thingsBoardUrl ?? '',
    openApiUrl: meta.openApiUrl ?? '',
  };
}

/** The changed fields only; an emptied address or a removed logo is null (removed). */
function changes(values: BrandingValues, dirty: Partial<Record<keyof BrandingValues, unknown>>) {
  const body: ContractThemeInput = {};
  for (const key of FIELDS) {
    if (!dirty[key]) continue;
    const value = values[key];
    body[key] = typeof value === 'string' ? value.trim() || null : value;
  }
  return body;
}

const isToolAddress = (value: string) => {
  if (!value.trim()) return true;
  try {
    return ['http:', 'https:'].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
};

/** The header as the contract's users see it: the primary colour and logo, the secondary ones below. */
function HeaderPreview({ values }: { values: BrandingValues }) {
  const { t } = useTranslation();
  const primaryLogo = assetUrl(values.primaryLogo);
  const secondaryLogo = assetUrl(values.secondaryLogo);
  return (
    <figure className="border rounded overflow-hidden mb-3" aria-labelledby="branding-preview-caption">
      <div
        className="d-flex align-items-center gap-2 px-3 py-2"
        style={{ backgroundColor: values.primaryColor, color: readableTextOn(values.primaryColor) }}
        data-testid="branding-preview-primary"
      >
        {primaryLogo ? <img src={primaryLogo} alt={t('appearance.primary_logo')} height={28} /> : null}
        <span className="fw-semibold">{t('appearance.preview_portal')}</span>
      </div>
      <div
        className="d-flex align-items-center gap-2 px-3 py-1 small"
        style={{ backgroundColor: values.secondaryColor, color: readableTextOn(values.secondaryColor) }}
        data-testid="branding-preview-secondary"
      >
        {secondaryLogo ? <img src={secondaryLogo} alt={t('appearance.secondary_logo')} height={20} /> : null}
        <span>{t('appearance.preview_menu')}</span>
      </div>
      <figcaption id="branding-preview-caption" className="small text-body-secondary px-3 py-1">
        {t('appearance.preview')}
      </figcaption>
    </figure>
  );
}

function ColourField({
  form,
  name,
  label,
}: {
  form: UseFormReturn<BrandingValues>;
  name: 'primaryColor' | 'secondaryColor';
  label: string;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  const value = useWatch({ control: form.control, name });
  return (
    <div className="col-sm-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="d-flex align-items-center gap-2">
        <input
          id={id}
          type="color"
          className={`form-control form-control-color${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name)}
        />
        <code>{value}</code>
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function AddressField({
  form,
  name,
  label,
}: {
  form: UseFormReturn<BrandingValues>;
  name: 'thingsBoardUrl' | 'openApiUrl';
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = form.formState.errors[name]?.message;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://"
        className={`form-control${error ? ' is-invalid' : ''}`}
        maxLength={2048}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        {...form.register(name, {
          validate: (value) => isToolAddress(value) || t('appearance.address_invalid'),
        })}
      />
      <div id={`${id}-help`} className="form-text">
        {t('appearance.address_help')}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function LogoField({
  form,
  name,
}: {
  form: UseFormReturn<BrandingValues>;
  name: 'primaryLogo' | 'secondaryLogo';
}) {
  const { t } = useTranslation();
  const value = useWatch({ control: form.control, name });
  const label = name === 'primaryLogo' ? t('appearance.primary_logo') : t('appearance.secondary_logo');
  return (
    <ImageFileField
      value={value}
      onChange={(next) => {
        form.setValue(name, next, { shouldDirty: true });
        form.clearErrors(name);
      }}
      serverError={form.formState.errors[name]?.message}
      maxBytes={LOGO.maxBytes}
      texts={{
        label,
        help: t('appearance.logo_help'),
        preview: t('appearance.logo_preview', { name: label }),
        none: t('appearance.no_logo'),
        remove: t('appearance.remove_logo', { name: label }),
      }}
      previewSize={{ height: 40 }}
    />
  );
}

/** Puts the saved contract where the screens and the theme read it: the theme applies at once. */
function useKeepSaved(contractId: number) {
  const queryClient = useQueryClient();
  return (saved: Contract) => {
    queryClient.setQueryData(contractQueries.detail(contractId).queryKey, saved);
    sessionStore.set((s) => ({
      ...s,
      contract: s.contractId === saved.id ? saved : s.contract,
      contracts: s.contracts.map((c) => (c.id === saved.id ? saved : c)),
    }));
  };
}

function BrandingForm({ contractId, contract }: { contractId: number; contract: Contract }) {
  const { t } = useTranslation();
  const form = useForm<BrandingValues>({ defaultValues: valuesOf(contract) });
  const values = useWatch({ control: form.control }) as BrandingValues;
  const leaving = useUnsavedChanges(form.formState.isDirty);
  const { upload, track, done } = useUploadProgress();
  const keep = useKeepSaved(contractId);
  const save = useMutation({
    meta: { successMessage: 'appearance.branding_saved' },
    mutationFn: (body: ContractThemeInput) =>
      saveContractTheme(
        contractId,
        body,
        // a new logo travels in the body: its progress is shown
        [body.primaryLogo, body.secondaryLogo].some((logo) => logo?.startsWith('data:'))
          ? track(t('appearance.logos'))
          : undefined,
      ).finally(done),
    onSuccess: (saved) => {
      keep(saved);
      form.reset(valuesOf(saved));
    },
    onError: (error) =>
      applyFieldErrors(form, error, FIELDS, {
        message: () => t('wizards.errors.server_refused', { message: t(errorMessageKey(error)) }),
      }),
  });
  return (
    <form
      noValidate
      aria-label={t('appearance.branding_form')}
      onSubmit={(event) => {
        // the logos are not registered inputs: their server errors would block every later try
        form.clearErrors(['primaryLogo', 'secondaryLogo']);
        void form.handleSubmit((submitted) => {
          const body = changes(submitted, form.formState.dirtyFields);
          if (Object.keys(body).length > 0) save.mutate(body);
        })(event);
      }}
    >
      <HeaderPreview values={values} />
      <div className="row">
        <ColourField form={form} name="primaryColor" label={t('appearance.primary_color')} />
        <ColourField form={form} name="secondaryColor" label={t('appearance.secondary_color')} />
      </div>
      <LogoField form={form} name="primaryLogo" />
      <LogoField form={form} name="secondaryLogo" />
      <h4 className="h6 mt-4">{t('appearance.tools')}</h4>
      <AddressField form={form} name="thingsBoardUrl" label={t('appearance.things_board_url')} />
      <AddressField form={form} name="openApiUrl" label={t('appearance.open_api_url')} />
      <UploadProgress upload={upload} />
      {save.isError && !onFields(save.error, FIELDS) ? (
        <ErrorMessage error={save.error} action={t('wizards.save_failed')} />
      ) : null}
      <SaveButtons pending={save.isPending} />
      {leaving.modal}
    </form>
  );
}

export function ContractBranding({ contractId }: { contractId: number }) {
  const { t } = useTranslation();
  // the session holds the current contract: shown at once, the screen's own answer replaces it
  const { contract: current } = useCurrentContract();
  const contract = useQuery({
    ...contractQueries.detail(contractId),
    placeholderData: current?.id === contractId ? current : undefined,
  });
  return (
    <div className="mt-4">
      <h3 className="h6">{t('appearance.branding')}</h3>
      <p className="text-body-secondary small">{t('appearance.branding_intro')}</p>
      {contract.isError ? (
        <ErrorMessage error={contract.error} action={t('appearance.load_failed')} />
      ) : contract.data && !contract.isPlaceholderData ? (
        <BrandingForm key={contract.dataUpdatedAt} contractId={contractId} contract={contract.data} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
