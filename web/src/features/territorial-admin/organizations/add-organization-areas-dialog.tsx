/** Add organization areas: a dual list of the contract's areas the organization lacks; PUT with the full list. */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { loadState } from '@/components/ui/load-state';
import { DualList } from '@/components/ui/dual-list';
import { useWizard } from '@/lib/use-wizard';
import { areaQueries } from '../areas/api';
import { organizationQueries, setOrganizationAreas } from './api';
import {
  SuccessScreen,
  ValidateButton,
  WizardModal,
  useInvalidateEndpoints,
  useWizardSave,
} from '../shared/wizard-parts';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

export interface AddOrganizationAreasDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

export function AddOrganizationAreasDialog({
  show,
  onHide,
  contractId,
  organizationId,
  onDone,
}: AddOrganizationAreasDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const invalidate = useInvalidateEndpoints(contractId, TERRITORY_CHANGES.organization);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const save = useWizardSave();
  const wizard = useWizard(1);
  const orgId = organizationId ?? 0;
  const areas = useQuery({ ...areaQueries.picker(contractId), enabled: show });
  const current = useQuery({
    ...organizationQueries.allAreas(contractId, orgId),
    enabled: show && orgId > 0,
  });
  const existing = (current.data ?? []).map((a) => a.id);
  const load = loadState(areas, current);

  const reset = () => {
    wizard.reset();
    setSelected([]);
  };
  const close = () => {
    onHide();
    if (wizard.done) reset();
  };
  const validate = () =>
    save.run(async () => {
      await setOrganizationAreas(orgId, [...existing, ...selected.map(Number)]);
      await invalidate();
      wizard.finish();
      onDone?.();
    });

  return (
    <WizardModal
      show={show}
      onHide={close}
      title={t('wizards.organization_areas.title')}
      titleId={titleId}
      error={save.error}
      saving={save.pending}
      dirty={!wizard.done && selected.length > 0}
    >
      {wizard.done ? (
        <SuccessScreen
          message={t('wizards.organization_areas.success')}
          again={t('wizards.organization_areas.again')}
          onAgain={reset}
          onClose={close}
        />
      ) : (
        <>
          <DualList
            items={(areas.data ?? []).map((a) => ({ id: a.id, label: a.label }))}
            exclude={existing}
            loading={load.loading}
            failed={load.failed}
            onRetry={load.retry}
            selected={selected}
            onChange={setSelected}
            availableLabel={t('wizards.areas.available')}
            selectedLabel={t('wizards.areas.selected')}
          />
          <ValidateButton disabled={selected.length === 0} pending={save.pending} onClick={validate} />
        </>
      )}
    </WizardModal>
  );
}
