/**
 * Add organization or operator (territorial-admin.md "Add wizards"): an extra-large modal, 5 steps:
 * name, areas, skill sets, services, service configuration. Validation creates the organization,
 * then saves each service configuration, then shows success; 'create new' goes back to step 0.
 * One react-hook-form form with a zod schema for the name step (Next triggers its fields), the
 * steps and done state from useWizard, the creation through a TanStack Query mutation.
 */
import { useId, useRef, useState } from 'react';
import type { OrganizationCreate } from '@portal/contract';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useDebounced } from '@/lib/use-debounced';
import { useWizard, type Wizard } from '@/lib/use-wizard';
import { toastFailure } from '@/lib/error-message';
import { DualList, type DualListItem } from '@/components/ui/dual-list';
import { loadState, type LoadState } from '@/components/ui/load-state';
import { ServiceConfigForm, ServiceConfigLoading } from '../services/config/service-config-form';
import type { ConfigurationDraft } from '../services/config/saving';
import { saveConfigurations, useConfigurationDrafts } from '../services/config/use-configurations';
import { areaQueries } from '../areas/api';
import { createOrganization } from './api';
import { serviceQueries } from '../services/api';
import {
  ORGANIZATION_FIELDS,
  OrganizationFieldset,
  emptyOrganizationFields,
  organizationPayload,
  organizationSchema,
  useContractCountry,
  useCountryDefault,
  type OrganizationFields,
} from './organization-fields';
import {
  NavButtons,
  Stepper,
  SuccessScreen,
  WizardModal,
  useInvalidateEndpoints,
} from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

/** the skill-set search waits for a pause in typing before asking the server */
const SEARCH_DEBOUNCE_MS = 300;

export interface AddOrganizationWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  type: 'Community' | 'Operator';
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
  if (!loaded.drafts || !loaded.parents)
    return <ServiceConfigLoading isError={loaded.isError} onRetry={loaded.retry} />;
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

/**
 * Step 3, the skill sets: the top-level categories, searched by the server (noParent, query); a
 * chosen one keeps its name while the search shows others.
 */
function SkillSetPicker({
  contractId,
  selected,
  onChange,
}: {
  contractId: number;
  selected: (number | string)[];
  onChange: (ids: (number | string)[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery(serviceQueries.categories(contractId, query));
  const [labels, setLabels] = useState<Record<string, string>>({});
  const found = list.data ?? [];
  const items = [
    ...found.map((c) => ({ id: c.id, label: c.label })),
    ...selected
      .filter((id) => !found.some((c) => c.id === id))
      .map((id) => ({ id, label: labels[id] ?? String(id) })),
  ];
  return (
    <DualList
      items={items}
      loading={list.isPending && !list.isError}
      failed={list.isError}
      onRetry={list.refetch}
      onSearch={setSearch}
      selected={selected}
      onChange={(ids) => {
        setLabels((old) => ({ ...old, ...Object.fromEntries(items.map((item) => [item.id, item.label])) }));
        onChange(ids);
      }}
      availableLabel={t('wizards.skill_sets.available')}
      selectedLabel={t('wizards.skill_sets.selected')}
    />
  );
}

/**
 * The creation at Validate: the organization, then each service configuration. An organization an
 * earlier try created before its configurations failed is not created twice; a failure stays in
 * the wizard (under its buttons), the input kept, to be tried again.
 */
function useOrganizationCreation({
  contractId,
  payload,
  serviceCodes,
  onCreated,
}: {
  contractId: number;
  payload: () => OrganizationCreate;
  serviceCodes: string[];
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEndpoints(
    contractId,
    TERRITORY_CHANGES.organization,
    TERRITORY_CHANGES.configuration,
  );
  const created = useRef<number | null>(null);
  const mutation = useMutation({
    meta: { toast: false }, // the wizard's success screen, or its error toast
    mutationFn: async ({
      configs,
      parents,
    }: {
      configs: ConfigurationDraft[];
      parents: ConfigurationDraft[];
    }) => {
      const organization =
        created.current !== null ? { id: created.current } : await createOrganization(contractId, payload());
      created.current = organization.id;
      await saveConfigurations(queryClient, {
        contractId,
        configurations: configs,
        selectedServiceCodes: serviceCodes,
        contractConfigurations: parents,
        owner: organization.id,
      });
      await invalidate();
    },
    onError: (error) => toastFailure(error, t('wizards.save_failed')),
    onSuccess: () => {
      created.current = null;
      onCreated();
    },
  });
  return {
    ...mutation,
    reset: () => {
      created.current = null;
      mutation.reset();
    },
  };
}

const STEPS = ['name', 'areas', 'skill_sets', 'services', 'configuration'] as const;

/** A step that picks in a dual list (the areas, the services), with Previous and Next. */
function PickStep({
  items,
  load,
  selected,
  onChange,
  labels: [availableLabel, selectedLabel],
  wizard,
}: {
  items: DualListItem[];
  load: LoadState;
  selected: (number | string)[];
  onChange: (ids: (number | string)[]) => void;
  labels: [string, string];
  wizard: Wizard;
}) {
  return (
    <>
      <DualList
        items={items}
        loading={load.loading}
        failed={load.failed}
        onRetry={load.retry}
        selected={selected}
        onChange={onChange}
        availableLabel={availableLabel}
        selectedLabel={selectedLabel}
      />
      <NavButtons onPrevious={wizard.back} onNext={wizard.next} />
    </>
  );
}

/** What the steps after the name pick (areas, skill sets, services, their configurations) and their lists. */
function useOrganizationPicks(contractId: number, servicesShown: boolean, show: boolean) {
  const [areas, setAreas] = useState<(number | string)[]>([]);
  const [categories, setCategories] = useState<(number | string)[]>([]);
  const [services, setServices] = useState<(number | string)[]>([]);
  const [drafts, setDrafts] = useState<ConfigurationDraft[] | null>(null);
  const areaList = useQuery({ ...areaQueries.picker(contractId), enabled: show });
  const categoryIds = categories.map(Number);
  const serviceList = useQuery({
    ...serviceQueries.forSkillSets(contractId, categoryIds),
    enabled: servicesShown,
  });
  const selectedServices = (serviceList.data ?? [])
    .filter((cs) => services.includes(cs.contractServiceId))
    .map((cs) => ({ code: cs.service.code, label: cs.serviceLabel || cs.service.label }));
  const clear = () => {
    setAreas([]);
    setCategories([]);
    setServices([]);
    setDrafts(null);
  };
  const picked = { areas, categories, services, drafts };
  const setters = { setAreas, setCategories, setServices, setDrafts };
  return { ...picked, ...setters, areaList, serviceList, categoryIds, selectedServices, clear };
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
  const wizard = useWizard(5);
  const country = useContractCountry(contractId);
  const form = useForm<OrganizationFields>({
    defaultValues: emptyOrganizationFields(type, country),
    resolver: zodResolver(organizationSchema),
    mode: 'onTouched',
  });
  useCountryDefault(form, country);
  const name = useWatch({ control: form.control });
  const picks = useOrganizationPicks(contractId, show && wizard.step >= 3, show);
  const { areas, setAreas, categories, setCategories, services, setServices, drafts, setDrafts } = picks;
  const { areaList, serviceList, categoryIds } = picks;

  const steps = STEPS.map((step) => t(`wizards.organization.steps.${step}`));
  const reset = () => {
    wizard.reset();
    form.reset(emptyOrganizationFields(type, country));
    picks.clear();
    creation.reset();
  };
  const close = () => {
    onHide();
    if (wizard.done) reset();
  };
  const { selectedServices } = picks;

  const creation = useOrganizationCreation({
    contractId,
    payload: () => ({
      ...organizationPayload(form.getValues()),
      area: areas.map(Number),
      category: categoryIds,
      organizationContractService: services.map(Number),
    }),
    serviceCodes: selectedServices.map((s) => s.code),
    onCreated: () => {
      wizard.finish();
      onDone?.();
    },
  });
  const nextFromName = async () => {
    if (await form.trigger(ORGANIZATION_FIELDS)) wizard.next();
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
      saving={creation.isPending}
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
                <OrganizationFieldset contractId={contractId} form={form} />
                <NavButtons
                  onNext={() => void nextFromName()}
                  nextDisabled={!organizationSchema.safeParse(name).success}
                />
              </>
            ) : wizard.step === 1 ? (
              <PickStep
                items={(areaList.data ?? []).map((a) => ({ id: a.id, label: a.label }))}
                load={loadState(areaList)}
                selected={areas}
                onChange={setAreas}
                labels={[t('wizards.areas.available'), t('wizards.areas.selected')]}
                wizard={wizard}
              />
            ) : wizard.step === 2 ? (
              <>
                <SkillSetPicker
                  contractId={contractId}
                  selected={categories}
                  onChange={(ids) => {
                    setCategories(ids);
                    setServices([]);
                  }}
                />
                <NavButtons onPrevious={wizard.back} onNext={wizard.next} />
              </>
            ) : wizard.step === 3 ? (
              <PickStep
                items={(serviceList.data ?? []).map((cs) => ({
                  id: cs.contractServiceId,
                  label: cs.serviceLabel || cs.service.label,
                }))}
                load={loadState(serviceList)}
                selected={services}
                onChange={setServices}
                labels={[t('wizards.services.available'), t('wizards.services.selected')]}
                wizard={wizard}
              />
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
