/**
 * Add contract services: step 1 chooses services not yet attached to the contract, step 2
 * configures each. Editing one service (editContractServiceId) goes straight to its configuration,
 * in a modal titled 'Modification d'un service', with Validate alone.
 */
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DualList } from '@/components/ui/dual-list';
import { Spinner } from '@/components/ui/spinner';
import { ServiceConfigForm, ServiceConfigLoading } from '../service-config/service-config-form';
import type { ConfigurationDraft } from '../service-config/saving';
import { useConfigurationDrafts, useSavedConfigurations } from '../service-config/use-configurations';
import { createContractServices, serviceQueries } from '../api/services';
import {
  NavButtons,
  Stepper,
  SuccessScreen,
  WizardModal,
  useInvalidateContract,
  useWizardSave,
} from './wizard-parts';

export interface AddContractServicesWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  editContractServiceId?: number;
}

function ConfigurationStep({
  contractId,
  services,
  kept,
  editing,
  pending,
  onPrevious,
  onValidate,
  onSignalChange,
}: {
  contractId: number;
  services: { code: string; label: string }[];
  kept: ConfigurationDraft[] | null;
  editing: boolean;
  pending: boolean;
  onPrevious?: (drafts: ConfigurationDraft[]) => void;
  onValidate: (drafts: ConfigurationDraft[]) => void;
  onSignalChange?: (draft: ConfigurationDraft) => void;
}) {
  const loaded = useConfigurationDrafts({
    contractId,
    ownerType: 'CONTRACT',
    ownerId: contractId,
    codes: services.map((s) => s.code),
  });
  if (!loaded.drafts) return <ServiceConfigLoading isError={loaded.isError} />;
  const byName = new Map((kept ?? []).map((d) => [d.name, d]));
  return (
    <ServiceConfigForm
      contractId={contractId}
      ownerType="CONTRACT"
      services={services}
      drafts={loaded.drafts.map((d) => byName.get(d.name) ?? d)}
      editing={editing}
      pending={pending}
      onPrevious={onPrevious}
      onValidate={onValidate}
      onSignalChange={onSignalChange}
    />
  );
}

export function AddContractServicesWizard({
  show,
  onHide,
  contractId,
  onDone,
  editContractServiceId,
}: AddContractServicesWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invalidate = useInvalidateContract(contractId);
  const editing = editContractServiceId !== undefined;
  const [step, setStep] = useState(editing ? 1 : 0);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [drafts, setDrafts] = useState<ConfigurationDraft[] | null>(null);
  const save = useWizardSave();
  const { pending } = save;
  /** the services already attached by an earlier try whose configurations failed: not attached twice */
  const attachedByEarlierTry = useRef(false);
  const [done, setDone] = useState(false);
  const configurations = useSavedConfigurations(contractId);

  const catalogue = useQuery({ ...serviceQueries.catalogue(contractId), enabled: show && !editing });
  const attached = useQuery({ ...serviceQueries.contractServices(contractId), enabled: show });
  const attachedServiceIds = (attached.data ?? []).map((cs) => cs.service.id);
  const edited = editing
    ? attached.data?.find(
        (cs) => cs.contractServiceId === editContractServiceId || cs.id === editContractServiceId,
      )
    : undefined;
  const chosen = editing
    ? edited
      ? [{ code: edited.service.code, label: edited.serviceLabel || edited.service.label }]
      : []
    : (catalogue.data ?? [])
        .filter((s) => selected.includes(s.id))
        .map((s) => ({ code: s.code, label: s.label }));

  const reset = () => {
    setStep(editing ? 1 : 0);
    setSelected([]);
    setDrafts(null);
    setDone(false);
    configurations.clear();
    attachedByEarlierTry.current = false;
    save.clearError();
  };
  const close = () => {
    onHide();
    if (done) reset();
  };
  const validate = async (configs: ConfigurationDraft[]) => {
    setDrafts(configs);
    await save.run(async () => {
      if (!editing && !attachedByEarlierTry.current) {
        await createContractServices(contractId, selected.map(Number));
        attachedByEarlierTry.current = true;
      }
      await configurations.save(
        configs,
        chosen.map((s) => s.code),
      );
      await invalidate();
      setDone(true);
      onDone?.();
    });
  };
  /** In edition the signal notification configuration is saved on each change of its request types. */
  const saveSignal = editing ? (draft: ConfigurationDraft) => configurations.saveSignal(draft) : undefined;
  const steps = [t('wizards.services.steps.choice'), t('wizards.services.steps.configuration')];
  const title = editing ? t('wizards.contract_services.edit_title') : t('wizards.contract_services.title');

  return (
    <WizardModal
      show={show}
      onHide={close}
      title={title}
      size="xl"
      titleId={titleId}
      error={save.error}
      dirty={!done && !editing && selected.length > 0}
    >
      {done ? (
        <SuccessScreen
          message={t(
            editing ? 'wizards.contract_services.edit_success' : 'wizards.contract_services.success',
          )}
          again={editing ? undefined : t('wizards.contract_services.again')}
          onAgain={editing ? undefined : reset}
          onClose={close}
        />
      ) : (
        <>
          {!editing ? <Stepper steps={steps} current={step} /> : null}
          {step === 0 ? (
            <>
              <h3 className="h6 mb-3">{steps[0]}</h3>
              {catalogue.isPending || attached.isPending ? (
                <Spinner />
              ) : (
                <DualList
                  items={(catalogue.data ?? []).map((s) => ({ id: s.id, label: s.label }))}
                  exclude={attachedServiceIds}
                  selected={selected}
                  onChange={setSelected}
                  availableLabel={t('wizards.services.available')}
                  selectedLabel={t('wizards.services.selected')}
                />
              )}
              <NavButtons onNext={() => setStep(1)} nextDisabled={selected.length === 0} />
            </>
          ) : editing && attached.isPending ? (
            <Spinner />
          ) : (
            <>
              {!editing ? <h3 className="h6 mb-3">{steps[1]}</h3> : null}
              <ConfigurationStep
                contractId={contractId}
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
                onValidate={(values) => void validate(values)}
                onSignalChange={saveSignal}
              />
            </>
          )}
        </>
      )}
    </WizardModal>
  );
}

export default AddContractServicesWizard;
