/**
 * Add organization or operator (territorial-admin.md "Add wizards"): an extra-large modal, 5 steps:
 * name, areas, skill sets, services, service configuration. Validation creates the organization,
 * then saves each service configuration, then shows success; 'create new' goes back to step 0.
 * One react-hook-form form with a zod schema for the name step (Next triggers its fields), the
 * steps and done state from useWizard, the creation through a TanStack Query mutation.
 */
import { useId, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY_CODE, dateRangeError } from '@portal/contract';
import { useWizard } from '@/lib/use-wizard';
import { toast } from '@/lib/toast';
import { DualList } from '@/components/ui/dual-list';
import { Spinner } from '@/components/ui/spinner';
import { ServiceConfigForm, ServiceConfigLoading } from '../service-config/service-config-form';
import type { ConfigurationDraft } from '../service-config/saving';
import { saveConfigurations, useConfigurationDrafts } from '../service-config/use-configurations';
import { areaQueries } from '../api/areas';
import { createOrganization, organizationQueries } from '../api/organizations';
import { serviceQueries } from '../api/services';
import { NavButtons, Stepper, SuccessScreen, WizardModal, useInvalidateContract } from './wizard-parts';

export interface AddOrganizationWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  type: 'Community' | 'Operator';
}

interface NameStep {
  label: string;
  startDate: string;
  endDate: string;
  countryCode: string;
  legalEntity: string;
  operatorContractId: string;
}

const emptyName = (): NameStep => ({
  label: '',
  startDate: '',
  endDate: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  legalEntity: '',
  operatorContractId: '',
});

const NAME_FIELDS = [
  'label',
  'startDate',
  'endDate',
  'countryCode',
  'legalEntity',
  'operatorContractId',
] as const;

/** Step 1's schema: a name; for an operator, both dates with start not after end. */
export function nameSchema(type: 'Community' | 'Operator') {
  return z
    .object({
      label: z.string().refine((value) => value.trim() !== '', 'empty'),
      startDate: z.string(),
      endDate: z.string(),
      countryCode: z.string(),
      legalEntity: z.string(),
      operatorContractId: z.string(),
    })
    .superRefine((value, ctx) => {
      const range = type === 'Operator' ? dateRangeError(value.startDate, value.endDate) : null;
      if (range) ctx.addIssue({ code: 'custom', path: ['endDate'], message: range });
    });
}

function DateField({
  form,
  name,
  label,
  invalid,
}: {
  form: UseFormReturn<NameStep>;
  name: 'startDate' | 'endDate';
  label: string;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="col-md-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        type="date"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        {...form.register(name)}
        aria-required
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}

function NameStepFields({
  type,
  contractId,
  form,
}: {
  type: 'Community' | 'Operator';
  contractId: number;
  form: UseFormReturn<NameStep>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const legalEntities = useQuery(organizationQueries.legalEntities(contractId, type));
  const value = useWatch({ control: form.control });
  const { errors, touchedFields } = form.formState;
  const nameEmpty = errors.label !== undefined;
  const dates = type === 'Operator' ? dateRangeError(value.startDate, value.endDate) : null;
  const datesEmpty = dates === 'empty' && touchedFields.startDate === true && touchedFields.endDate === true;
  const badRange = dates === 'bad-range';
  const entities = (legalEntities.data ?? []).filter((e) => e.countryCode === value.countryCode);
  const country = form.register('countryCode');
  return (
    <div className="row">
      <div className="col-md-6 mb-3">
        <label htmlFor={`${id}-label`} className="form-label">
          {t(type === 'Operator' ? 'wizards.organization.operator_name' : 'wizards.organization.name')}{' '}
          <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-label`}
          className={`form-control${nameEmpty ? ' is-invalid' : ''}`}
          {...form.register('label')}
          aria-required
          aria-invalid={nameEmpty || undefined}
          aria-describedby={nameEmpty ? `${id}-label-error` : undefined}
        />
        {nameEmpty ? (
          <div id={`${id}-label-error`} className="invalid-feedback d-block">
            {t('wizards.errors.empty_field')}
          </div>
        ) : null}
      </div>
      {type === 'Operator' ? (
        <>
          <div className="col-md-6 mb-3">
            <label htmlFor={`${id}-contract`} className="form-label">
              {t('wizards.organization.operator_contract_id')}
            </label>
            <input id={`${id}-contract`} className="form-control" {...form.register('operatorContractId')} />
          </div>
          <DateField
            form={form}
            name="startDate"
            label={t('wizards.organization.start_date')}
            invalid={badRange || datesEmpty}
          />
          <DateField
            form={form}
            name="endDate"
            label={t('wizards.organization.end_date')}
            invalid={badRange || datesEmpty}
          />
          {badRange || datesEmpty ? (
            <div className="col-12">
              <p className="text-danger small" role="alert">
                {t(badRange ? 'wizards.errors.bad_date_range' : 'wizards.errors.empty_field')}
              </p>
            </div>
          ) : null}
        </>
      ) : null}
      <div className="col-md-6 mb-3">
        <label htmlFor={`${id}-country`} className="form-label">
          {t('wizards.organization.country')}
        </label>
        <select
          id={`${id}-country`}
          className="form-select"
          {...country}
          onChange={(event) => {
            void country.onChange(event);
            form.setValue('legalEntity', '');
          }}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-6 mb-3">
        <label htmlFor={`${id}-legal`} className="form-label">
          {t('wizards.organization.legal_entity')}
        </label>
        <select id={`${id}-legal`} className="form-select" {...form.register('legalEntity')}>
          <option value="">{t('wizards.organization.no_legal_entity')}</option>
          {entities.map((e) => (
            <option key={e.id} value={String(e.id)}>
              {e.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function ConfigurationStep({
  contractId,
  services,
  drafts: kept,
  pending,
  onPrevious,
  onValidate,
}: {
  contractId: number;
  services: { code: string; label: string }[];
  drafts: ConfigurationDraft[] | null;
  pending: boolean;
  onPrevious: (drafts: ConfigurationDraft[]) => void;
  onValidate: (drafts: ConfigurationDraft[], parents: ConfigurationDraft[]) => void;
}) {
  const loaded = useConfigurationDrafts({
    contractId,
    ownerType: 'ORGANIZATION',
    ownerId: null,
    codes: services.map((s) => s.code),
  });
  if (!loaded.drafts || !loaded.parents) return <ServiceConfigLoading isError={loaded.isError} />;
  const byName = new Map((kept ?? []).map((d) => [d.name, d]));
  const drafts = loaded.drafts.map((d) => byName.get(d.name) ?? d);
  return (
    <ServiceConfigForm
      contractId={contractId}
      ownerType="ORGANIZATION"
      services={services}
      drafts={drafts}
      parents={loaded.parents}
      pending={pending}
      onPrevious={onPrevious}
      onValidate={(values) => onValidate(values, loaded.parents ?? [])}
    />
  );
}

export function AddOrganizationWizard({
  show,
  onHide,
  contractId,
  onDone,
  type,
}: AddOrganizationWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateContract(contractId);
  const wizard = useWizard(5);
  const schema = nameSchema(type);
  const form = useForm<NameStep>({
    defaultValues: emptyName(),
    resolver: zodResolver(schema),
    mode: 'onTouched',
  });
  const name = useWatch({ control: form.control });
  const [areas, setAreas] = useState<(number | string)[]>([]);
  const [categories, setCategories] = useState<(number | string)[]>([]);
  const [services, setServices] = useState<(number | string)[]>([]);
  const [drafts, setDrafts] = useState<ConfigurationDraft[] | null>(null);

  const areaList = useQuery({ ...areaQueries.picker(contractId), enabled: show });
  const categoryList = useQuery({ ...serviceQueries.categories(contractId), enabled: show });
  const categoryIds = categories.map(Number);
  const serviceList = useQuery({
    ...serviceQueries.contractServices(contractId, categoryIds),
    enabled: show && wizard.step >= 3,
  });

  const steps = [
    t('wizards.organization.steps.name'),
    t('wizards.organization.steps.areas'),
    t('wizards.organization.steps.skill_sets'),
    t('wizards.organization.steps.services'),
    t('wizards.organization.steps.configuration'),
  ];
  const reset = () => {
    wizard.reset();
    form.reset(emptyName());
    setAreas([]);
    setCategories([]);
    setServices([]);
    setDrafts(null);
    created.current = null;
    creation.reset();
  };
  const close = () => {
    onHide();
    if (wizard.done) reset();
  };
  const selectedServices = (serviceList.data ?? [])
    .filter((cs) => services.includes(cs.contractServiceId))
    .map((cs) => ({ code: cs.service.code, label: cs.serviceLabel || cs.service.label }));

  /** the organization an earlier try created before its configurations failed: not created twice */
  const created = useRef<number | null>(null);
  const creation = useMutation({
    meta: { toast: false }, // the wizard's success screen, or its error toast
    mutationFn: async ({
      configs,
      parents,
    }: {
      configs: ConfigurationDraft[];
      parents: ConfigurationDraft[];
    }) => {
      const values = form.getValues();
      const organization =
        created.current !== null
          ? { id: created.current }
          : await createOrganization(contractId, {
              label: values.label.trim(),
              type,
              area: areas.map(Number),
              category: categoryIds,
              organizationContractService: services.map(Number),
              legalEntity: values.legalEntity ? Number(values.legalEntity) : null,
              operatorContractId:
                type === 'Operator' && values.operatorContractId.trim()
                  ? values.operatorContractId.trim()
                  : null,
              newOrganizationLabel: null,
              startDate: type === 'Operator' ? values.startDate : null,
              endDate: type === 'Operator' ? values.endDate : null,
            });
      created.current = organization.id;
      await saveConfigurations(queryClient, {
        contractId,
        configurations: configs,
        selectedServiceCodes: selectedServices.map((s) => s.code),
        contractConfigurations: parents,
        owner: organization.id,
      });
      await invalidate();
    },
    // a failure stays in the wizard (under its buttons), the input kept, to be tried again
    onError: () => toast.error(t('wizards.save_failed')),
    onSuccess: () => {
      created.current = null;
      wizard.finish();
      onDone?.();
    },
  });
  const nextFromName = async () => {
    if (await form.trigger(NAME_FIELDS)) wizard.next();
  };

  const title = t(
    type === 'Operator' ? 'wizards.organization.title_operator' : 'wizards.organization.title_community',
  );
  return (
    <WizardModal
      show={show}
      onHide={close}
      title={title}
      size="xl"
      titleId={titleId}
      error={creation.isError ? creation.error : undefined}
      dirty={
        !wizard.done &&
        (form.formState.isDirty || areas.length > 0 || categories.length > 0 || services.length > 0)
      }
    >
      {wizard.done ? (
        <SuccessScreen
          message={t(
            type === 'Operator'
              ? 'wizards.organization.success_operator'
              : 'wizards.organization.success_community',
          )}
          again={t('wizards.create_new')}
          onAgain={reset}
          onClose={close}
        />
      ) : (
        <div key={wizard.formKey}>
          <Stepper steps={steps} current={wizard.step} />
          <h3 className="h6 mb-3">{steps[wizard.step]}</h3>
          {/* keyed by step: each picker starts with its own empty search */}
          <div key={wizard.stepKey}>
            {wizard.step === 0 ? (
              <>
                <NameStepFields type={type} contractId={contractId} form={form} />
                <NavButtons
                  onNext={() => void nextFromName()}
                  nextDisabled={!schema.safeParse(name).success}
                />
              </>
            ) : wizard.step === 1 ? (
              <>
                <DualList
                  items={(areaList.data ?? []).map((a) => ({ id: a.id, label: a.label }))}
                  loading={areaList.isPending}
                  selected={areas}
                  onChange={setAreas}
                  availableLabel={t('wizards.areas.available')}
                  selectedLabel={t('wizards.areas.selected')}
                />
                <NavButtons onPrevious={wizard.back} onNext={wizard.next} />
              </>
            ) : wizard.step === 2 ? (
              <>
                <DualList
                  items={(categoryList.data ?? []).map((c) => ({ id: c.id, label: c.label }))}
                  loading={categoryList.isPending}
                  selected={categories}
                  onChange={(ids) => {
                    setCategories(ids);
                    setServices([]);
                  }}
                  availableLabel={t('wizards.skill_sets.available')}
                  selectedLabel={t('wizards.skill_sets.selected')}
                />
                <NavButtons onPrevious={wizard.back} onNext={wizard.next} />
              </>
            ) : wizard.step === 3 ? (
              <>
                {serviceList.isPending ? (
                  <Spinner />
                ) : (
                  <DualList
                    items={(serviceList.data ?? []).map((cs) => ({
                      id: cs.contractServiceId,
                      label: cs.serviceLabel || cs.service.label,
                    }))}
                    selected={services}
                    onChange={setServices}
                    availableLabel={t('wizards.services.available')}
                    selectedLabel={t('wizards.services.selected')}
                  />
                )}
                <NavButtons onPrevious={wizard.back} onNext={wizard.next} />
              </>
            ) : (
              <ConfigurationStep
                contractId={contractId}
                services={selectedServices}
                drafts={drafts}
                pending={creation.isPending}
                onPrevious={(values) => {
                  setDrafts(values);
                  wizard.back();
                }}
                onValidate={(configs, parents) => {
                  setDrafts(configs);
                  creation.mutate({ configs, parents });
                }}
              />
            )}
          </div>
        </div>
      )}
    </WizardModal>
  );
}

export default AddOrganizationWizard;
