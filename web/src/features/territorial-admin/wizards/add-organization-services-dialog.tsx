/**
 * Add organization services: a two-step stepper, service choice (the contract's services filtered
 * by the organization's skill sets, minus those it has) then service configuration.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DualList } from '@/components/ui/dual-list';
import { Spinner } from '@/components/ui/spinner';
import { ServiceConfigForm, ServiceConfigLoading } from '../service-config/service-config-form';
import type { ConfigurationDraft } from '../service-config/saving';
import { useConfigurationDrafts, useSavedConfigurations } from '../service-config/use-configurations';
import { organizationQueries, setOrganizationServices } from '../api/organizations';
import { serviceQueries } from '../api/services';
import {
  NavButtons,
  Stepper,
  SuccessScreen,
  WizardModal,
  useInvalidateContract,
  useWizardSave,
} from './wizard-parts';

export interface AddOrganizationServicesDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  /** edit this service of the organization: straight to its configuration, titled 'Modification d'un service' */
  editService?: { code: string; label: string };
}

function ConfigurationStep({
  contractId,
  organizationId,
  services,
  kept,
  editing,
  pending,
  onPrevious,
  onValidate,
  onSignalChange,
}: {
  contractId: number;
  organizationId: number;
  services: { code: string; label: string }[];
  kept: ConfigurationDraft[] | null;
  editing: boolean;
  pending: boolean;
  onPrevious?: (drafts: ConfigurationDraft[]) => void;
  onValidate: (drafts: ConfigurationDraft[], parents: ConfigurationDraft[]) => void;
  onSignalChange?: (draft: ConfigurationDraft, parents: ConfigurationDraft[]) => void;
}) {
  const loaded = useConfigurationDrafts({
    contractId,
    ownerType: 'ORGANIZATION',
    ownerId: organizationId,
    codes: services.map((s) => s.code),
  });
  if (!loaded.drafts || !loaded.parents) return <ServiceConfigLoading isError={loaded.isError} />;
  const byName = new Map((kept ?? []).map((d) => [d.name, d]));
  return (
    <ServiceConfigForm
      contractId={contractId}
      ownerType="ORGANIZATION"
      services={services}
      drafts={loaded.drafts.map((d) => byName.get(d.name) ?? d)}
      parents={loaded.parents}
      editing={editing}
      pending={pending}
      onPrevious={onPrevious}
      onValidate={(values) => onValidate(values, loaded.parents ?? [])}
      onSignalChange={onSignalChange ? (draft) => onSignalChange(draft, loaded.parents ?? []) : undefined}
    />
  );
}

export function AddOrganizationServicesDialog({
  show,
  onHide,
  contractId,
  organizationId,
  onDone,
  editService,
}: AddOrganizationServicesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invalidate = useInvalidateContract(contractId);
  const orgId = organizationId ?? 0;
  const editing = editService !== undefined;
  const [step, setStep] = useState(editing ? 1 : 0);
  const configurations = useSavedConfigurations(contractId, orgId);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [drafts, setDrafts] = useState<ConfigurationDraft[] | null>(null);
  const save = useWizardSave();
  const { pending } = save;
  const [done, setDone] = useState(false);

  const organization = useQuery({
    ...organizationQueries.detail(contractId, orgId),
    enabled: show && orgId > 0,
  });
  const categories = organization.data?.category.map((c) => c.id);
  const contractServices = useQuery({
    ...serviceQueries.forSkillSets(contractId, categories ?? []),
    enabled: show && !editing && categories !== undefined,
  });
  const current = useQuery({
    ...organizationQueries.allServices(contractId, orgId),
    enabled: show && orgId > 0,
  });
  const existing = (current.data ?? []).map((cs) => cs.contractServiceId);
  const chosen = editService
    ? [editService]
    : (contractServices.data ?? [])
        .filter((cs) => selected.includes(cs.contractServiceId))
        .map((cs) => ({ code: cs.service.code, label: cs.serviceLabel || cs.service.label }));

  const reset = () => {
    setStep(editing ? 1 : 0);
    configurations.clear();
    setSelected([]);
    setDrafts(null);
    setDone(false);
  };
  const close = () => {
    onHide();
    if (done) reset();
  };
  const validate = async (configs: ConfigurationDraft[], parents: ConfigurationDraft[]) => {
    setDrafts(configs);
    await save.run(async () => {
      if (!editing) await setOrganizationServices(orgId, [...existing, ...selected.map(Number)]);
      await configurations.save(
        configs,
        chosen.map((s) => s.code),
        parents,
      );
      await invalidate();
      setDone(true);
      onDone?.();
    });
  };
  /**
   * In edition the signal notification configuration is saved on each change of its request types
   * (territorial-admin.md section 4); in an addition it is saved with the service, which is not
   * the organization's before Validate.
   */
  const saveSignal = editing
    ? (draft: ConfigurationDraft, parents: ConfigurationDraft[]) => configurations.saveSignal(draft, parents)
    : undefined;
  const steps = [t('wizards.services.steps.choice'), t('wizards.services.steps.configuration')];

  return (
    <WizardModal
      show={show}
      onHide={close}
      title={editing ? t('wizards.contract_services.edit_title') : t('wizards.organization_services.title')}
      size="xl"
      titleId={titleId}
      error={save.error}
      dirty={!done && !editing && selected.length > 0}
    >
      {done ? (
        <SuccessScreen
          message={t(
            editing ? 'wizards.contract_services.edit_success' : 'wizards.organization_services.success',
          )}
          again={editing ? undefined : t('wizards.organization_services.again')}
          onAgain={editing ? undefined : reset}
          onClose={close}
        />
      ) : (
        <>
          {editing ? null : (
            <>
              <Stepper steps={steps} current={step} />
              <h3 className="h6 mb-3">{steps[step]}</h3>
            </>
          )}
          {step === 0 ? (
            <>
              {contractServices.isPending || current.isPending ? (
                <Spinner />
              ) : (
                <DualList
                  items={(contractServices.data ?? []).map((cs) => ({
                    id: cs.contractServiceId,
                    label: cs.serviceLabel || cs.service.label,
                  }))}
                  exclude={existing}
                  selected={selected}
                  onChange={setSelected}
                  availableLabel={t('wizards.services.available')}
                  selectedLabel={t('wizards.services.selected')}
                />
              )}
              <NavButtons onNext={() => setStep(1)} nextDisabled={selected.length === 0} />
            </>
          ) : (
            <ConfigurationStep
              contractId={contractId}
              organizationId={orgId}
              services={chosen}
              kept={drafts}
              editing={editing}
              pending={pending}
              onPrevious={
                editing
                  ? undefined
                  : (values) => {
                      setDrafts(values);
                      setStep(0);
                    }
              }
              onValidate={(values, parents) => void validate(values, parents)}
              onSignalChange={saveSignal}
            />
          )}
        </>
      )}
    </WizardModal>
  );
}

export default AddOrganizationServicesDialog;
