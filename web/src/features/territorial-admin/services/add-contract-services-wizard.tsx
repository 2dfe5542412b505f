/**
 * Add contract services: step 1 chooses services not yet attached to the contract, step 2
 * configures each. Editing one service (editContractServiceId) goes straight to its configuration.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { loadState } from '@/components/ui/load-state';
import { createContractServices, serviceQueries } from './api';
import { ServicesWizard } from './services-wizard';

export interface AddContractServicesWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  editContractServiceId?: number;
}

export function AddContractServicesWizard({
  show,
  onHide,
  contractId,
  onDone,
  editContractServiceId,
}: AddContractServicesWizardProps) {
  const { t } = useTranslation();
  const editing = editContractServiceId !== undefined;
  const catalogue = useQuery({ ...serviceQueries.catalogue(contractId), enabled: show && !editing });
  const attached = useQuery({ ...serviceQueries.contractServices(contractId), enabled: show });
  const edited = editing
    ? attached.data?.find(
        (cs) => cs.contractServiceId === editContractServiceId || cs.id === editContractServiceId,
      )
    : undefined;
  return (
    <ServicesWizard
      show={show}
      onHide={onHide}
      contractId={contractId}
      ownerType="CONTRACT"
      ownerId={contractId}
      onDone={onDone}
      editing={editing}
      edited={
        edited ? { code: edited.service.code, label: edited.serviceLabel || edited.service.label } : undefined
      }
      offer={{
        items: (catalogue.data ?? []).map((s) => ({ id: s.id, label: s.label })),
        exclude: (attached.data ?? []).map((cs) => cs.service.id),
        load: loadState(catalogue, attached),
      }}
      chosenOf={(selected) =>
        (catalogue.data ?? [])
          .filter((s) => selected.includes(s.id))
          .map((s) => ({ code: s.code, label: s.label }))
      }
      attach={(selected) => createContractServices(contractId, selected)}
      texts={{
        title: t('wizards.contract_services.title'),
        success: t('wizards.contract_services.success'),
        again: t('wizards.contract_services.again'),
      }}
    />
  );
}
