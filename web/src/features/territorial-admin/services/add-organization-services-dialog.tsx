/**
 * Add organization services: a two-step stepper, service choice (the contract's services filtered
 * by the organization's skill sets, minus those it has) then service configuration.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { loadState } from '@/components/ui/load-state';
import { organizationQueries, setOrganizationServices } from '../organizations/api';
import { serviceQueries } from './api';
import { ServicesWizard, type ServiceChoice } from './services-wizard';

export interface AddOrganizationServicesDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  /** edit this service of the organization: straight to its configuration, titled 'Modification d'un service' */
  editService?: ServiceChoice;
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
  const orgId = organizationId ?? 0;
  const editing = editService !== undefined;
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
  return (
    <ServicesWizard
      show={show}
      onHide={onHide}
      contractId={contractId}
      ownerType="ORGANIZATION"
      ownerId={orgId}
      onDone={onDone}
      editing={editing}
      edited={editService}
      offer={{
        items: (contractServices.data ?? []).map((cs) => ({
          id: cs.contractServiceId,
          label: cs.serviceLabel || cs.service.label,
        })),
        exclude: existing,
        load: loadState(organization, contractServices, current),
      }}
      chosenOf={(selected) =>
        (contractServices.data ?? [])
          .filter((cs) => selected.includes(cs.contractServiceId))
          .map((cs) => ({ code: cs.service.code, label: cs.serviceLabel || cs.service.label }))
      }
      attach={(selected) => setOrganizationServices(orgId, [...existing, ...selected])}
      texts={{
        title: t('wizards.organization_services.title'),
        success: t('wizards.organization_services.success'),
        again: t('wizards.organization_services.again'),
      }}
    />
  );
}
