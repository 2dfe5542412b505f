import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Organization } from '@portal/contract';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import type { Column } from '@/components/ui/data-table';
import { usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState } from '@/components/ui/use-list-state';
import { useGranted } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import { deleteOrganization, organizationQueries } from '../api/organizations';
import { useDetailLink } from './admin-context';
import { AddOrganizationWizard, EditOrganizationDialog, useWizard, WizardSlot } from './lazy-wizards';
import {
  ActionButton,
  Actions,
  CountCell,
  countsOfRows,
  DetailLink,
  ListTab,
  useDeleteConfirm,
} from './list-parts';

const CONTRACT_ADMIN = [PORTAL_SUPER_ADMIN, ROLES.SUPER_ADMIN_CONTRACT];

export const operatorEndDate = (o: Organization) =>
  formatDate(o.organizationMetadatas.operatorContractEnd ?? o.endDate);

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
  const list = useListState(operator ? 'operators' : 'organizations');
  const q = { page: list.page, perPage: list.perPage, search: list.search };
  const query = useQuery(organizationQueries.list(contractId, type, q));
  const fetchPage = usePageFetcher((page, perPage) =>
    organizationQueries.list(contractId, type, { ...q, page, perPage }),
  );
  const ids = query.data?.data.map((o) => o.id) ?? [];
  const members = useQuery(organizationQueries.memberCounts(contractId, ids));
  const queryClient = useQueryClient();
  // the export holds the member count of every organization, as the screen shows it page by page
  const exportValues = async (rows: readonly Organization[]) => {
    const all = await countsOfRows(
      rows.map((o) => o.id),
      async (chunk) => ({
        members: await queryClient.fetchQuery(organizationQueries.memberCounts(contractId, chunk)),
      }),
    );
    return { members: (o: Organization) => all.members?.[o.id] };
  };
  const isAdmin = useGranted(CONTRACT_ADMIN);
  const detail = useDetailLink(operator ? 'operator' : 'organization');
  const wizard = useWizard();
  const editor = useWizard();
  const [editing, setEditing] = useState<Organization | null>(null);
  const del = useDeleteConfirm<Organization>({
    contractId,
    remove: (o) => deleteOrganization(o.id),
    title: (o) => t(`${ns}.delete_title`, { label: o.label }),
  });

  const name: Column<Organization> = {
    key: 'name',
    header: t('territorial_admin.columns.name'),
    render: (o) => o.label,
  };
  const areas: Column<Organization> = {
    key: 'areas',
    header: t('territorial_admin.columns.areas'),
    render: (o) => o.area.length,
  };
  const skills: Column<Organization> = {
    key: 'skills',
    header: t('territorial_admin.columns.skill_sets'),
    render: (o) => o.category.length,
  };
  const memberCount: Column<Organization> = {
    key: 'members',
    header: t('territorial_admin.columns.members'),
    render: (o) => <CountCell value={members.data?.[o.id]} failed={members.isError} />,
  };
  const actions: Column<Organization> = {
    key: 'actions',
    header: t('common.actions'),
    className: 'text-end',
    render: (o) => (
      <Actions>
        <DetailLink to={detail(o.id)} label={t(`${ns}.detail`, { label: o.label })} />
        {isAdmin ? (
          <ActionButton
            icon="pencil"
            variant="outline-primary"
            label={t(`${ns}.edit`, { label: o.label })}
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
            {...(o.organizationMaster
              ? { tooltip: t('territorial_admin.organizations.master_not_deletable') }
              : {})}
          />
        ) : null}
      </Actions>
    ),
  };
  const columns: Column<Organization>[] = operator
    ? [
        name,
        skills,
        { key: 'end', header: t('territorial_admin.columns.end_date'), render: operatorEndDate },
        areas,
        memberCount,
      ]
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
      <ListTab
        title={t(`${ns}.title`)}
        query={query}
        rowKey={(o) => o.id}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        addLabel={t(`${ns}.add`)}
        onAdd={readOnly || !isAdmin ? undefined : wizard.open}
        columns={readOnly ? columns : [...columns, actions]}
        list={list}
        fetchPage={fetchPage}
        exportValues={exportValues}
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
