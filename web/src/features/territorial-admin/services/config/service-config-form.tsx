/**
 * The service configuration form (territorial-admin.md "Service configuration form"): an accordion
 * with one titled section per selected service that has a form. A contract owner gets the 'force
 * child configuration' toggle, an organization owner 'use parent configuration' when the contract
 * has a configuration of the same name; the toggle disables the section.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/lib/i18n';
import { keepSecrets } from '@portal/contract/configuration';
import type { AppConfiguration, OwnerType } from '@portal/contract';
import { Spinner } from '@/components/ui/spinner';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { buildConfigSchema, formDraft, formKind, type ConfigFormValues } from './form-values';
import { isChecked, isSectionDisabled, type ConfigurationDraft } from './saving';
import { ExternalServicesForm } from './forms/external-services-form';
import { ExternalServicesSelectionForm } from './forms/external-services-selection-form';
import { ExternalSiteLoginForm } from './forms/external-site-login-form';
import { PowerBiForm } from './forms/power-bi-form';
import { ProximityRequestForm } from './forms/proximity-request-form';
import { SignalNotifyForm } from './forms/signal-notify-form';
import { SimpleForm } from './forms/simple-form';

export interface ServiceConfigFormProps {
  contractId: number;
  ownerType: OwnerType;
  /** the selected services (code and label); those without a form get no section */
  services: readonly { code: string; label: string }[];
  /** the starting values, one per service with a form */
  drafts: readonly ConfigurationDraft[];
  /** the contract's configurations (for an organization owner) */
  parents?: readonly AppConfiguration[];
  /** edition: Validate alone, no Previous */
  editing?: boolean;
  pending?: boolean;
  onPrevious?: (drafts: ConfigurationDraft[]) => void;
  onValidate: (drafts: ConfigurationDraft[]) => void;
  /** the signal notification configuration is saved on each change of its request types */
  onSignalChange?: (draft: ConfigurationDraft) => void;
  /** an optional extra before the buttons (a shared error) */
  footer?: ReactNode;
  /** told when the form starts or stops holding changes (its dialog asks before dropping them) */
  onDirtyChange?: (dirty: boolean) => void;
}

function Section({
  draft,
  label,
  contractId,
  parent,
  onSignalChange,
}: {
  draft: ConfigurationDraft;
  label: string;
  contractId: number;
  parent: AppConfiguration | undefined;
  onSignalChange?: (requestTypes: number[]) => void;
}) {
  const { t } = useTranslation();
  const { register } = useFormContext<ConfigFormValues>();
  const prefix = `configs.${draft.name}`;
  const force = useWatch({ name: `${prefix}.forceChildConfiguration` as `configs.${string}` }) as unknown;
  const useParent = useWatch({ name: `${prefix}.useParentConfiguration` as `configs.${string}` }) as unknown;
  const disabled = isSectionDisabled({
    ownerType: draft.ownerType,
    forceChildConfiguration: isChecked(force),
    useParentConfiguration: isChecked(useParent),
  });
  const kind = formKind(draft.name, draft.ownerType);
  const toggleId = `toggle-${draft.name}`;
  const hasParent = draft.ownerType === 'ORGANIZATION' && parent !== undefined && parent.id !== null;

  let body: ReactNode = null;
  switch (kind) {
    case 'powerBi':
      body = <PowerBiForm prefix={prefix} />;
      break;
    case 'reportTrends':
      body = <PowerBiForm prefix={prefix} trends />;
      break;
    case 'proximityRequest':
      body = <ProximityRequestForm prefix={prefix} />;
      break;
    case 'externalSiteLogin':
      body = <ExternalSiteLoginForm prefix={prefix} />;
      break;
    case 'signalNotify':
      body = <SignalNotifyForm prefix={prefix} contractId={contractId} onChange={onSignalChange} />;
      break;
    case 'externalServices':
      body = <ExternalServicesForm prefix={prefix} />;
      break;
    case 'externalServicesSelection':
      body = <ExternalServicesSelectionForm prefix={prefix} parent={parent} />;
      break;
    case 'simple':
      body = <SimpleForm prefix={prefix} />;
      break;
    default:
      body = null;
  }

  // a contract's configuration may force its children's; a child's may take its parent's
  const ownSwitch =
    draft.ownerType === 'CONTRACT'
      ? ({ field: 'forceChildConfiguration', label: 'service_config.force_child' } as const)
      : hasParent
        ? ({ field: 'useParentConfiguration', label: 'service_config.use_parent' } as const)
        : null;
  return (
    <Accordion.Item eventKey={draft.name}>
      <Accordion.Header as="h3">{label}</Accordion.Header>
      <Accordion.Body>
        {ownSwitch ? (
          <div className="form-check form-switch mb-3">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id={toggleId}
              {...register(`${prefix}.${ownSwitch.field}` as `configs.${string}`)}
            />
            <label className="form-check-label" htmlFor={toggleId}>
              {t(ownSwitch.label, { service: label })}
            </label>
          </div>
        ) : null}
        {disabled ? (
          <p className="alert alert-info py-2" role="status">
            {t(
              draft.ownerType === 'CONTRACT'
                ? 'service_config.disabled_force_child'
                : 'service_config.disabled_use_parent',
            )}
          </p>
        ) : null}
        <fieldset disabled={disabled} aria-label={label}>
          {body}
        </fieldset>
      </Accordion.Body>
    </Accordion.Item>
  );
}

export function ServiceConfigForm({
  contractId,
  ownerType,
  services,
  drafts,
  parents = [],
  editing = false,
  pending = false,
  onPrevious,
  onValidate,
  onSignalChange,
  footer,
  onDirtyChange,
}: ServiceConfigFormProps) {
  const { t } = useTranslation();
  const sections = useMemo(
    () => drafts.filter((d) => formKind(d.name, ownerType) !== null),
    [drafts, ownerType],
  );
  const codes = useMemo(() => sections.map((d) => d.name), [sections]);
  const schema = useMemo(() => buildConfigSchema(codes, ownerType), [codes, ownerType]);
  const methods = useForm<ConfigFormValues>({
    defaultValues: { configs: Object.fromEntries(sections.map((d) => [d.name, formDraft(d)])) },
    resolver: zodResolver(schema) as never,
    mode: 'onSubmit',
  });
  const labelOf = (code: string) => services.find((s) => s.code === code)?.label ?? code;
  const current = (): ConfigurationDraft[] => {
    const values = methods.getValues('configs');
    return sections.map((d) => {
      const value = values[d.name] ?? d;
      return {
        ...value,
        // a secret left as the mask gets back the value the server gave (the mask again for the mock,
        // which keeps its stored secret; the value itself for a backend that answers secrets)
        parameters: keepSecrets(value.parameters, d.parameters),
        forceChildConfiguration: isChecked(value.forceChildConfiguration),
        useParentConfiguration: isChecked(value.useParentConfiguration),
      };
    });
  };
  const submit = methods.handleSubmit(() => onValidate(current()));
  const hasErrors = Object.keys(methods.formState.errors.configs ?? {}).length > 0;
  const { isDirty } = methods.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  return (
    <FormProvider {...methods}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('service_config.title')}>
        {sections.length === 0 ? (
          <p className="alert alert-secondary" role="status">
            {t('service_config.no_form')}
          </p>
        ) : (
          <Accordion alwaysOpen defaultActiveKey={codes}>
            {sections.map((draft) => (
              <Section
                key={draft.name}
                draft={draft}
                label={labelOf(draft.name)}
                contractId={contractId}
                parent={parents.find((p) => p.name === draft.name)}
                onSignalChange={
                  onSignalChange
                    ? (requestTypes) => {
                        const value = current().find((d) => d.name === draft.name);
                        if (value)
                          onSignalChange({ ...value, parameters: { ...value.parameters, requestTypes } });
                      }
                    : undefined
                }
              />
            ))}
          </Accordion>
        )}
        {hasErrors ? (
          <p className="alert alert-danger mt-3" role="alert">
            {t('service_config.required_missing')}
          </p>
        ) : null}
        {footer}
        <div className="d-flex justify-content-between mt-3">
          {!editing && onPrevious ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => onPrevious(current())}
              disabled={pending}
            >
              {t('wizards.previous')}
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? <Spinner size="sm" /> : null} {t('common.validate')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** A spinner while the drafts load; a warning with its retry when they fail. */
export function ServiceConfigLoading({
  isError,
  onRetry,
}: {
  isError: boolean;
  onRetry: () => Promise<unknown>;
}) {
  return isError ? <LoadingErrorAlert onRetry={onRetry} /> : <Spinner />;
}
