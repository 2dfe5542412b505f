import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Organization } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import type { Column } from '@/components/ui/data-table';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, DetailLink, useActionsColumn } from '@/components/list-view/row-actions';
import { useGranted } from '@/lib/auth/hooks';
import { formatDate, type TFunction } from '@/lib/i18n';
import { deleteOrganization, organizationQueries } from './api';
import { useDetailLink } from '../shared/admin-context';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { AddOrganizationWizard, EditOrganizationDialog } from './lazy-dialogs';
import { useDeleteConfirm, useRowCounts } from '../shared/list-support';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];

export const operatorEndDate = (o: Organization) =>
  formatDate(o.organizationMetadatas.operatorContractEnd ?? o.endDate);

/** The columns an organization list and an area's organization lists share. */
export const organizationColumns = (t: TFunction) =>
  ({
    areas: { key: 'areas', header: t('territorial_admin.columns.areas'), render: (o) => o.area.length },
    skills: {
      key: 'skills',
      header: t('territorial_admin.columns.skill_sets'),
      render: (o) => o.category.length,
    },
    end: {
      key: 'end',
      header: t('territorial_admin.columns.end_date'),
      render: operatorEndDate,
    },
  }) satisfies Record<string, Column<Organization>>;

/**
 * Community organizations (name, areas, skill set, members, master flag, actions; the master one
 * cannot be deleted) or operators (name, skill sets, end date, areas, members, actions; the
 * confirmation titled with the operator's name).
 */
export function OrganizationsTab({
  contractId,
  type,
  readOnly = false,
}: {
  contractId: number;
  type: 'Community' | 'Operator';
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const operator = type === 'Operator';
  const ns = operator ? 'territorial_admin.operators' : 'territorial_admin.organizations';
  const { query, view } = useListView(operator ? 'operators' : 'organizations', ({ page, perPage, search }) =>
    organizationQueries.list(contractId, type, { page, perPage, search }),
  );
  const counts = useRowCounts(query.data?.data, (ids) => organizationQueries.memberCounts(contractId, ids), {
    members: 'members',
  });
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const detail = useDetailLink(operator ? 'operator' : 'organization');
  const wizard = useWizardSlot();
  const editor = useWizardSlot();
  const [editing, setEditing] = useState<Organization | null>(null);
  const del = useDeleteConfirm<Organization>({
    contractId,
    changes: TERRITORY_CHANGES.organization,
    remove: (o) => deleteOrganization(o.id),
    title: (o) => t(`${ns}.delete_title`, { label: o.label }),
  });

  const name: Column<Organization> = {
    key: 'name',
    header: t('territorial_admin.columns.name'),
    render: (o) => o.label,
  };
  const { areas, skills, end } = organizationColumns(t);
  const memberCount = counts.column('members', t('territorial_admin.columns.members'));
  const actions = useActionsColumn<Organization>(
    !readOnly &&
      ((o) => (
        <>
          <DetailLink to={detail(o.id)} label={t(`${ns}.detail`, { label: o.label })} />
          {isAdmin ? (
            <ActionButton
              icon="pencil"
              variant="outline-primary"
              label={t(`${ns}.edit`, { label: o.label })}
              opensDialog
              onClick={() => {
                setEditing(o);
                editor.open();
              }}
            />
          ) : null}
          {isAdmin ? (
            <ActionButton
              icon="trash"
              label={t(`${ns}.delete`, { label: o.label })}
              onClick={() => del.ask(o)}
              disabled={o.organizationMaster}
              tooltip={
                o.organizationMaster ? t('territorial_admin.organizations.master_not_deletable') : undefined
              }
            />
          ) : null}
        </>
      )),
  );
  const columns: Column<Organization>[] = operator
    ? [name, skills, end, areas, memberCount]
    : [
        name,
        areas,
        skills,
        memberCount,
        {
          key: 'master',
          header: t('territorial_admin.columns.master'),
          render: (o) =>
            o.organizationMaster
              ? t('territorial_admin.organizations.master_yes')
              : t('territorial_admin.organizations.master_no'),
        },
      ];
  return (
    <>
      <ListView
        {...view}
        title={t(`${ns}.title`)}
        rowKey={(o) => o.id}
        addLabel={t(`${ns}.add`)}
        onAdd={readOnly || !isAdmin ? undefined : wizard.open}
        addOpensDialog
        columns={[...columns, ...actions]}
        exportValues={counts.exportValues}
        rowLink={readOnly ? undefined : (o) => detail(o.id)}
      />
      {del.modal}
      <WizardSlot opened={editor.opened && editing !== null}>
        {editing ? (
          <EditOrganizationDialog
            show={editor.show}
            onHide={editor.hide}
            contractId={contractId}
            organization={editing}
          />
        ) : null}
      </WizardSlot>
      <WizardSlot opened={wizard.opened}>
        <AddOrganizationWizard show={wizard.show} onHide={wizard.hide} contractId={contractId} type={type} />
      </WizardSlot>
    </>
  );
}
