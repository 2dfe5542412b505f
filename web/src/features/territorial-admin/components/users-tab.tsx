import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { UserSummary } from '@portal/contract';
import { ADMIN_ROLES, PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import type { Column } from '@/components/ui/data-table';
import { usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState } from '@/components/ui/use-list-state';
import { useGranted } from '@/lib/auth/hooks';
import { rolesChangedFor } from '@/lib/auth/permissions';
import { formatDate } from '@/lib/i18n';
import { deleteOrganizationUser, organizationQueries } from '../api/organizations';
import { deleteContractUser, userQueries } from '../api/users';
import { useDetailLink } from './admin-context';
import { AddUsersWizard, useWizard, WizardSlot } from './lazy-wizards';
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
const fullName = (u: UserSummary) => `${u.firstName} ${u.lastName}`.trim() || u.username;

/**
 * Users of a contract (name with username, organization count, operator count, actions) or,
 * with organizationId, the members of an organization (name, profile, last login, counts).
 */
export function UsersTab({
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
  const list = useListState('users');
  const q = { page: list.page, perPage: list.perPage, search: list.search };
  const query = useQuery(
    organizationId === undefined
      ? userQueries.list(contractId, q)
      : organizationQueries.users(contractId, organizationId, q),
  );
  const fetchPage = usePageFetcher((page, perPage) =>
    organizationId === undefined
      ? userQueries.list(contractId, { ...q, page, perPage })
      : organizationQueries.users(contractId, organizationId, { ...q, page, perPage }),
  );
  const ids = query.data?.data.map((u) => u.id) ?? [];
  const counts = useQuery(userQueries.counts(contractId, ids));
  const queryClient = useQueryClient();
  // the export holds the counts of every user, as the screen shows them page by page
  const exportValues = async (rows: readonly UserSummary[]) => {
    const all = await countsOfRows(
      rows.map((u) => u.id),
      (chunk) => queryClient.fetchQuery(userQueries.counts(contractId, chunk)),
    );
    return {
      organizations: (u: UserSummary) => all.organizations?.[u.id],
      operators: (u: UserSummary) => all.operators?.[u.id],
    };
  };
  const canDelete = useGranted(organizationId === undefined ? CONTRACT_ADMIN : ADMIN_ROLES);
  const canAdd = useGranted(ADMIN_ROLES);
  const detail = useDetailLink('user');
  const wizard = useWizard();
  const del = useDeleteConfirm<UserSummary>({
    contractId,
    remove: async (u) => {
      await (organizationId === undefined
        ? deleteContractUser(contractId, u.id)
        : deleteOrganizationUser(organizationId, u.id));
      // taking oneself out changes one's own rights
      void rolesChangedFor([u.id]);
    },
    title: (u) => t('territorial_admin.users.delete_title', { label: fullName(u) }),
  });
  const columns: Column<UserSummary>[] = [
    {
      key: 'name',
      header: t('territorial_admin.columns.name'),
      render: (u) => (
        <>
          <span className="d-block fw-semibold">{fullName(u)}</span>
          <span className="small text-body-secondary">{u.username}</span>
        </>
      ),
      // the name and the e-mail the cell shows, one column each in the export
      csv: fullName,
    },
    {
      key: 'email',
      header: t('territorial_admin.columns.email'),
      render: (u) => u.username,
      exportOnly: true,
    },
    ...(organizationId === undefined
      ? []
      : [
          {
            key: 'profile',
            header: t('territorial_admin.columns.profile'),
            render: (u: UserSummary) => t(`user_types.${u.type}`, { defaultValue: u.type }),
          },
          {
            key: 'login',
            header: t('territorial_admin.columns.last_login'),
            render: (u: UserSummary) => formatDate(u.lastLogin),
            csv: (u: UserSummary) => u.lastLogin,
          },
        ]),
    {
      key: 'organizations',
      header: t('territorial_admin.columns.organizations'),
      render: (u) => <CountCell value={counts.data?.organizations[u.id]} failed={counts.isError} />,
    },
    {
      key: 'operators',
      header: t('territorial_admin.columns.operators'),
      render: (u) => <CountCell value={counts.data?.operators[u.id]} failed={counts.isError} />,
    },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      className: 'text-end',
      render: (u) => (
        <Actions>
          <DetailLink to={detail(u.id)} label={t('territorial_admin.users.detail', { label: fullName(u) })} />
          {canDelete ? (
            <ActionButton
              icon="trash"
              label={t('territorial_admin.users.delete', { label: fullName(u) })}
              onClick={() => del.ask(u)}
            />
          ) : null}
        </Actions>
      ),
    });
  }
  return (
    <>
      <ListTab
        title={t('territorial_admin.users.title')}
        headingLevel={headingLevel}
        query={query}
        rowKey={(u) => u.id}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        addLabel={t('territorial_admin.users.add')}
        onAdd={readOnly || !canAdd ? undefined : wizard.open}
        columns={columns}
        list={list}
        fetchPage={fetchPage}
        exportValues={exportValues}
        rowLink={readOnly ? undefined : (u) => detail(u.id)}
      />
      {del.modal}
      <WizardSlot opened={wizard.opened}>
        <AddUsersWizard
          show={wizard.show}
          onHide={wizard.hide}
          contractId={contractId}
          {...(organizationId !== undefined ? { organizationId } : {})}
        />
      </WizardSlot>
    </>
  );
}
