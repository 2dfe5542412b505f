/**
 * The two-step services wizard shared by the contract's and an organization's services
 * (territorial-admin.md sections 3 and 4): step 1 chooses services in a dual list, step 2
 * configures each; editing one service goes straight to its configuration, titled 'Modification
 * d'un service', with Validate alone. Steps and done state from useWizard, the save as a mutation.
 */
import { Fragment, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { OwnerType } from '@portal/contract';
import { DualList, type DualListItem } from '@/components/ui/dual-list';
import type { LoadState } from '@/components/ui/load-state';
import { Spinner } from '@/components/ui/spinner';
import { useWizard } from '@/lib/use-wizard';
import { ServiceConfigForm, ServiceConfigLoading } from './config/service-config-form';
import type { ConfigurationDraft } from './config/saving';
import { useConfigurationDrafts, useSavedConfigurations } from './config/use-configurations';
import {
  NavButtons,
  Stepper,
  SuccessScreen,
  WizardModal,
  useInvalidateEndpoints,
  useWizardSave,
} from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

export interface ServiceChoice {
  code: string;
  label: string;
}

type Parents = ReturnType<typeof useConfigurationDrafts>['parents'];

function ConfigurationStep({
  contractId,
  ownerType,
  ownerId,
  services,
  kept,
  editing,
  pending,
  onPrevious,
  onValidate,
  onSignalChange,
  onDirtyChange,
}: {
  contractId: number;
  ownerType: OwnerType;
  ownerId: number;
  services: ServiceChoice[];
  kept: ConfigurationDraft[] | null;
  editing: boolean;
  pending: boolean;
  onPrevious?: (drafts: ConfigurationDraft[]) => void;
  onValidate: (drafts: ConfigurationDraft[], parents: Parents) => void;
  onSignalChange?: (draft: ConfigurationDraft, parents: Parents) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const loaded = useConfigurationDrafts({
    contractId,
    ownerType,
    ownerId,
    codes: services.map((s) => s.code),
  });
  if (!loaded.drafts || !loaded.parents)
    return <ServiceConfigLoading isError={loaded.isError} onRetry={loaded.retry} />;
  const byName = new Map((kept ?? []).map((d) => [d.name, d]));
  // an organization's forms read the contract's configurations (its parents); the contract's have none
  const parents = ownerType === 'ORGANIZATION' ? loaded.parents : undefined;
  return (
    <ServiceConfigForm
      contractId={contractId}
      ownerType={ownerType}
      services={services}
      drafts={loaded.drafts.map((d) => byName.get(d.name) ?? d)}
      parents={parents}
      editing={editing}
      pending={pending}
      onPrevious={onPrevious}
      onValidate={(values) => onValidate(values, parents)}
      onSignalChange={onSignalChange ? (draft) => onSignalChange(draft, parents) : undefined}
      onDirtyChange={onDirtyChange}
    />
  );
}

export interface ServicesWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  ownerType: OwnerType;
  ownerId: number;
  onDone?: () => void;
  /** one service is edited: straight to its configuration */
  editing: boolean;
  /** the service edited, once known */
  edited?: ServiceChoice;
  /** step 1: the services offered, those already attached, and whether they loaded */
  offer: { items: DualListItem[]; exclude: (number | string)[]; load: LoadState };
  /** the services to configure for the ids chosen at step 1 */
  chosenOf: (selected: (number | string)[]) => ServiceChoice[];
  /** attaches the chosen services to the owner, once: a retry after a failed configuration skips it */
  attach: (selected: number[]) => Promise<unknown>;
  texts: { title: string; success: string; again: string };
}

export function ServicesWizard({
  show,
  onHide,
  contractId,
  ownerType,
  ownerId,
  onDone,
  editing,
  edited,
  offer,
  chosenOf,
  attach,
  texts,
}: ServicesWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invalidate = useInvalidateEndpoints(
    contractId,
    TERRITORY_CHANGES.service,
    TERRITORY_CHANGES.configuration,
  );
  const wizard = useWizard(2, editing ? 1 : 0);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [drafts, setDrafts] = useState<ConfigurationDraft[] | null>(null);
  // the configuration step holds changes (an edition has no other step to hold them)
  const [configDirty, setConfigDirty] = useState(false);
  const save = useWizardSave();
  const attached = useRef(false);
  const configurations = useSavedConfigurations(
    contractId,
    ownerType === 'ORGANIZATION' ? ownerId : undefined,
  );
  const chosen = editing ? (edited ? [edited] : []) : chosenOf(selected);

  const reset = () => {
    wizard.reset();
    setSelected([]);
    setDrafts(null);
    setConfigDirty(false);
    configurations.clear();
    attached.current = false;
    save.clearError();
  };
  const close = () => {
    onHide();
    if (wizard.done) reset();
  };
  const validate = (configs: ConfigurationDraft[], parents: Parents) => {
    setDrafts(configs);
    void save.run(async () => {
      if (!editing && !attached.current) {
        await attach(selected.map(Number));
        attached.current = true;
      }
      await configurations.save(
        configs,
        chosen.map((s) => s.code),
        parents,
      );
      await invalidate();
      wizard.finish();
      onDone?.();
    });
  };
  // the owner exists (the contract, or an organization already created): the signal notification's
  // request types are saved as they change (territorial-admin.md section 4), in an addition as in
  // an edition; Validate then updates that configuration by its id
  const saveSignal = (draft: ConfigurationDraft, parents: Parents) =>
    configurations.saveSignal(draft, parents);
  const steps = [t('wizards.services.steps.choice'), t('wizards.services.steps.configuration')];

  return (
    <WizardModal
      show={show}
      onHide={close}
      title={editing ? t('wizards.contract_services.edit_title') : texts.title}
      size="xl"
      titleId={titleId}
      error={save.error}
      saving={save.pending}
      dirty={!wizard.done && ((!editing && selected.length > 0) || configDirty)}
    >
      {wizard.done ? (
        <SuccessScreen
          message={editing ? t('wizards.contract_services.edit_success') : texts.success}
          again={editing ? undefined : texts.again}
          onAgain={editing ? undefined : reset}
          onClose={close}
        />
      ) : (
        <Fragment key={wizard.formKey}>
          {editing ? null : (
            <>
              <Stepper steps={steps} current={wizard.step} />
              <h3 className="h6 mb-3">{steps[wizard.step]}</h3>
            </>
          )}
          {wizard.step === 0 ? (
            <>
              {offer.load.loading ? (
                <Spinner />
              ) : (
                <DualList
                  failed={offer.load.failed}
                  onRetry={offer.load.retry}
                  items={offer.items}
                  exclude={offer.exclude}
                  selected={selected}
                  onChange={setSelected}
                  availableLabel={t('wizards.services.available')}
                  selectedLabel={t('wizards.services.selected')}
                />
              )}
              <NavButtons onNext={wizard.next} nextDisabled={selected.length === 0} />
            </>
          ) : editing && chosen.length === 0 ? (
            <Spinner />
          ) : (
            <ConfigurationStep
              contractId={contractId}
              ownerType={ownerType}
              ownerId={ownerId}
              services={chosen}
              kept={drafts}
              editing={editing}
              pending={save.pending}
              onPrevious={
                editing
                  ? undefined
                  : (values) => {
                      setDrafts(values);
                      wizard.back();
                    }
              }
              onValidate={validate}
              onSignalChange={saveSignal}
              onDirtyChange={setConfigDirty}
            />
          )}
        </Fragment>
      )}
    </WizardModal>
  );
}
