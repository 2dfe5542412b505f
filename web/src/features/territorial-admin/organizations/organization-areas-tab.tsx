import { useTranslation } from '@/lib/i18n';
import type { Area } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import type { Column } from '@/components/ui/data-table';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, useActionsColumn } from '@/components/list-view/row-actions';
import { useGranted } from '@/lib/auth/hooks';
import { deleteOrganizationArea, organizationQueries } from './api';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { AddOrganizationAreasDialog } from './lazy-dialogs';
import { useDeleteConfirm } from '../shared/list-support';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];

/** The areas of an organization or operator: label, postal code, skill sets; add and remove. */
export function OrganizationAreasTab({
  contractId,
  organizationId,
  readOnly = false,
}: {
  contractId: number;
  organizationId: number;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { view } = useListView(
    'areas',
    ({ page, perPage }) => organizationQueries.areas(contractId, organizationId, { page, perPage }),
    { search: false },
  );
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const wizard = useWizardSlot();
  const del = useDeleteConfirm<Area>({
    contractId,
    changes: TERRITORY_CHANGES.organization,
    remove: (a) => deleteOrganizationArea(organizationId, a.id),
    title: (a) => t('territorial_admin.areas.remove_title', { label: a.label }),
  });
  const columns: Column<Area>[] = [
    { key: 'label', header: t('territorial_admin.columns.label'), render: (a) => a.label },
    { key: 'postal', header: t('territorial_admin.columns.postal_code'), render: (a) => a.postalCode ?? '-' },
    { key: 'skills', header: t('territorial_admin.columns.skill_sets'), render: (a) => a.categories.length },
    ...useActionsColumn<Area>(
      !readOnly &&
        isAdmin &&
        ((a) => (
          <ActionButton
            icon="trash"
            label={t('territorial_admin.areas.remove', { label: a.label })}
            onClick={() => del.ask(a)}
          />
        )),
    ),
  ];
  return (
    <>
      <ListView
        {...view}
        title={t('territorial_admin.areas.title')}
        headingLevel={3}
        rowKey={(a) => a.id}
        addLabel={t('territorial_admin.areas.add')}
        onAdd={readOnly || !isAdmin ? undefined : wizard.open}
        addOpensDialog
        columns={columns}
      />
      {del.modal}
      <WizardSlot opened={wizard.opened}>
        <AddOrganizationAreasDialog
          show={wizard.show}
          onHide={wizard.hide}
          contractId={contractId}
          organizationId={organizationId}
        />
      </WizardSlot>
    </>
  );
}
