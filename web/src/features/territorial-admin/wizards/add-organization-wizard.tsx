/**
 * Add organization or operator (territorial-admin.md "Add wizards"): an extra-large modal, 5 steps:
 * name, areas, skill sets, services, service configuration. Validation creates the organization,
 * then saves each service configuration, then shows success; 'create new' goes back to step 0.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, DEFAULT_COUNTRY_CODE, dateRangeError, type OrganizationCreate } from '@portal/contract';
import { DualList } from '@/components/ui/dual-list';
import { Spinner } from '@/components/ui/spinner';
import { ServiceConfigForm, ServiceConfigLoading } from '../service-config/service-config-form';
import type { ConfigurationDraft } from '../service-config/saving';
import { saveConfigurations, useConfigurationDrafts } from '../service-config/use-configurations';
import { areaQueries } from './api/areas';
import { createOrganization, organizationQueries } from './api/organizations';
import { serviceQueries } from './api/services';
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

/** Step 1's rule: a name; for an operator, both dates with start not after end. */
export function nameStepError(
  type: 'Community' | 'Operator',
  value: Pick<NameStep, 'label' | 'startDate' | 'endDate'>,
): 'empty' | 'bad-range' | null {
  if (!value.label.trim()) return 'empty';
  return type === 'Operator' ? dateRangeError(value.startDate, value.endDate) : null;
}

function NameStepFields({
  type,
  contractId,
  value,
  onChange,
}: {
  type: 'Community' | 'Operator';
  contractId: number;
  value: NameStep;
  onChange: (value: NameStep) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const legalEntities = useQuery(organizationQueries.legalEntities(contractId, type));
  const set = (key: keyof NameStep) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const touch = (key: string) => () => setTouched((old) => ({ ...old, [key]: true }));
  const nameEmpty = touched.label && !value.label.trim();
  const dates = type === 'Operator' ? dateRangeError(value.startDate, value.endDate) : null;
  const datesEmpty = dates === 'empty' && touched.startDate && touched.endDate;
  const badRange = dates === 'bad-range';
  const entities = (legalEntities.data ?? []).filter((e) => e.countryCode === value.countryCode);
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
          value={value.label}
          onChange={set('label')}
          onBlur={touch('label')}
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
            <input
              id={`${id}-contract`}
              className="form-control"
              value={value.operatorContractId}
              onChange={set('operatorContractId')}
            />
          </div>
          <div className="col-md-6 mb-3">
            <label htmlFor={`${id}-start`} className="form-label">
              {t('wizards.organization.start_date')} <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-start`}
              type="date"
              className={`form-control${badRange || datesEmpty ? ' is-invalid' : ''}`}
              value={value.startDate}
              onChange={set('startDate')}
              onBlur={touch('startDate')}
              aria-required
              aria-invalid={badRange || datesEmpty || undefined}
            />
          </div>
          <div className="col-md-6 mb-3">
            <label htmlFor={`${id}-end`} className="form-label">
              {t('wizards.organization.end_date')} <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-end`}
              type="date"
              className={`form-control${badRange || datesEmpty ? ' is-invalid' : ''}`}
              value={value.endDate}
              onChange={set('endDate')}
              onBlur={touch('endDate')}
              aria-required
              aria-invalid={badRange || datesEmpty || undefined}
            />
          </div>
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
          value={value.countryCode}
          onChange={(e) => onChange({ ...value, countryCode: e.target.value, legalEntity: '' })}
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
        <select
          id={`${id}-legal`}
          className="form-select"
          value={value.legalEntity}
          onChange={set('legalEntity')}
        >
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
  const [step, setStep] = useState(0);
  const [name, setName] = useState<NameStep>(emptyName);
  const [areas, setAreas] = useState<(number | string)[]>([]);
  const [categories, setCategories] = useState<(number | string)[]>([]);
  const [services, setServices] = useState<(number | string)[]>([]);
  const [drafts, setDrafts] = useState<ConfigurationDraft[] | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const areaList = useQuery({ ...areaQueries.picker(contractId), enabled: show });
  const categoryList = useQuery({ ...serviceQueries.categories(contractId), enabled: show });
  const categoryIds = categories.map(Number);
  const serviceList = useQuery({
    ...serviceQueries.contractServices(contractId, categoryIds),
    enabled: show && step >= 3,
  });

  const steps = [
    t('wizards.organization.steps.name'),
    t('wizards.organization.steps.areas'),
    t('wizards.organization.steps.skill_sets'),
    t('wizards.organization.steps.services'),
    t('wizards.organization.steps.configuration'),
  ];
  const reset = () => {
    setStep(0);
    setName(emptyName());
    setAreas([]);
    setCategories([]);
    setServices([]);
    setDrafts(null);
    setDone(false);
    setFormKey((k) => k + 1);
  };
  const close = () => {
    onHide();
    if (done) reset();
  };
  const selectedServices = (serviceList.data ?? [])
    .filter((cs) => services.includes(cs.contractServiceId))
    .map((cs) => ({ code: cs.service.code, label: cs.serviceLabel || cs.service.label }));

  const validate = async (configs: ConfigurationDraft[], parents: ConfigurationDraft[]) => {
    setDrafts(configs);
    setPending(true);
    try {
      const body: OrganizationCreate = {
        label: name.label.trim(),
        type,
        area: areas.map(Number),
        category: categoryIds,
        organizationContractService: services.map(Number),
        legalEntity: name.legalEntity ? Number(name.legalEntity) : null,
        operatorContractId:
          type === 'Operator' && name.operatorContractId.trim() ? name.operatorContractId.trim() : null,
        newOrganizationLabel: null,
        startDate: type === 'Operator' ? name.startDate : null,
        endDate: type === 'Operator' ? name.endDate : null,
      };
      const organization = await createOrganization(contractId, body);
      await saveConfigurations(queryClient, {
        contractId,
        configurations: configs,
        selectedServiceCodes: selectedServices.map((s) => s.code),
        contractConfigurations: parents,
        owner: organization.id,
      });
      await invalidate();
      setDone(true);
      onDone?.();
    } catch {
      // failures go to the global error state (not shown in the wizard)
    } finally {
      setPending(false);
    }
  };

  const title = t(
    type === 'Operator' ? 'wizards.organization.title_operator' : 'wizards.organization.title_community',
  );
  return (
    <WizardModal show={show} onHide={close} title={title} size="xl" titleId={titleId}>
      {done ? (
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
        <div key={formKey}>
          <Stepper steps={steps} current={step} />
          <h3 className="h6 mb-3">{steps[step]}</h3>
          {step === 0 ? (
            <>
              <NameStepFields type={type} contractId={contractId} value={name} onChange={setName} />
              <NavButtons onNext={() => setStep(1)} nextDisabled={nameStepError(type, name) !== null} />
            </>
          ) : step === 1 ? (
            <>
              <DualList
                items={(areaList.data ?? []).map((a) => ({ id: a.id, label: a.label }))}
                loading={areaList.isPending}
                selected={areas}
                onChange={setAreas}
                availableLabel={t('wizards.areas.available')}
                selectedLabel={t('wizards.areas.selected')}
              />
              <NavButtons onPrevious={() => setStep(0)} onNext={() => setStep(2)} />
            </>
          ) : step === 2 ? (
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
              <NavButtons onPrevious={() => setStep(1)} onNext={() => setStep(3)} />
            </>
          ) : step === 3 ? (
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
              <NavButtons onPrevious={() => setStep(2)} onNext={() => setStep(4)} />
            </>
          ) : (
            <ConfigurationStep
              contractId={contractId}
              services={selectedServices}
              drafts={drafts}
              pending={pending}
              onPrevious={(values) => {
                setDrafts(values);
                setStep(3);
              }}
              onValidate={(values, parents) => void validate(values, parents)}
            />
          )}
        </div>
      )}
    </WizardModal>
  );
}

export default AddOrganizationWizard;
