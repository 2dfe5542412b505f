import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { ContractService } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import type { Column } from '@/components/ui/data-table';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, useActionsColumn } from '@/components/list-view/row-actions';
import { useGranted } from '@/lib/auth/hooks';
import { deleteOrganizationService, organizationQueries } from '../organizations/api';
import { deleteContractService, serviceQueries } from './api';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { AddContractServicesWizard, AddOrganizationServicesDialog } from './lazy-dialogs';
import { useDeleteConfirm } from '../shared/list-support';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];

/**
 * Services of a contract (name, skill set count or 'transversal', edit and delete) or, with
 * organizationId, of an organization (page 1, 20 per page; its configuration edited, deleted by
 * service code).
 */
export function ServicesTab({
  contractId,
  organizationId,
  readOnly = false,
  headingLevel = 2,
}: {
  contractId: number;
  organizationId?: number;
  readOnly?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const forOrganization = organizationId !== undefined;
  const { view } = useListView(
    'services',
    ({ page, perPage, search }) =>
      forOrganization
        ? organizationQueries.services(contractId, organizationId, { page, perPage, search })
        : serviceQueries.list(contractId, { page, perPage, search }),
    { search: !forOrganization },
  );
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const wizard = useWizardSlot();
  const [editId, setEditId] = useState<number | undefined>(undefined);
  const [editService, setEditService] = useState<{ code: string; label: string } | undefined>(undefined);
  const del = useDeleteConfirm<ContractService>({
    contractId,
    changes: forOrganization ? TERRITORY_CHANGES.organization : TERRITORY_CHANGES.service,
    remove: (s) =>
      forOrganization
        ? deleteOrganizationService(organizationId, s.service.code)
        : deleteContractService(s.contractServiceId),
    title: (s) => t('territorial_admin.services.delete_title', { label: s.serviceLabel }),
  });
  const columns: Column<ContractService>[] = [
    { key: 'name', header: t('territorial_admin.columns.name'), render: (s) => s.serviceLabel },
    {
      key: 'skills',
      header: t('territorial_admin.columns.skill_set'),
      render: (s) =>
        s.service.categories.length === 0
          ? t('territorial_admin.services.transversal')
          : s.service.categories.length,
    },
    ...useActionsColumn<ContractService>(
      !readOnly &&
        isAdmin &&
        ((s) => (
          <>
            <ActionButton
              icon="pencil"
              variant="outline-primary"
              label={t('territorial_admin.services.edit', { label: s.serviceLabel })}
              opensDialog
              onClick={() => {
                setEditId(s.contractServiceId);
                setEditService({ code: s.service.code, label: s.serviceLabel || s.service.label });
                wizard.open();
              }}
            />
            <ActionButton
              icon="trash"
              label={t('territorial_admin.services.delete', { label: s.serviceLabel })}
              onClick={() => del.ask(s)}
            />
          </>
        )),
    ),
  ];
  return (
    <>
      <ListView
        {...view}
        title={t('territorial_admin.services.title')}
        headingLevel={headingLevel}
        rowKey={(s) => s.contractServiceId}
        addLabel={t('territorial_admin.services.add')}
        addOpensDialog
        onAdd={
          readOnly || !isAdmin
            ? undefined
            : () => {
                setEditId(undefined);
                setEditService(undefined);
                wizard.open();
              }
        }
        columns={columns}
      />
      {del.modal}
      <WizardSlot opened={wizard.opened}>
        {forOrganization ? (
          <AddOrganizationServicesDialog
            // the edit modal is titled 'Modification d'un service' by the dialog itself
            key={editService?.code ?? 'new'}
            show={wizard.show}
            onHide={wizard.hide}
            contractId={contractId}
            organizationId={organizationId}
            {...(editService !== undefined ? { editService } : {})}
          />
        ) : (
          <AddContractServicesWizard
            // the edit modal is titled 'Modification d'un service' by the wizard itself
            key={editId ?? 'new'}
            show={wizard.show}
            onHide={wizard.hide}
            contractId={contractId}
            {...(editId !== undefined ? { editContractServiceId: editId } : {})}
          />
        )}
      </WizardSlot>
    </>
  );
}
