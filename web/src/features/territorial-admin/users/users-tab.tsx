import { useTranslation } from '@/lib/i18n';
import type { UserSummary } from '@portal/contract';
import { ADMIN_ROLES, PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import type { Column } from '@/components/ui/data-table';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, DetailLink, useActionsColumn } from '@/components/list-view/row-actions';
import { useGranted } from '@/lib/auth/hooks';
import { rolesChangedFor } from '@/lib/auth/permissions';
import { formatDate } from '@/lib/i18n';
import { deleteOrganizationUser, organizationQueries } from '../organizations/api';
import { deleteContractUser, userQueries } from './api';
import { useDetailLink } from '../shared/admin-context';
import { useWizardSlot, WizardSlot } from '../shared/wizard-slot';
import { AddUsersWizard } from './lazy-dialogs';
import { useDeleteConfirm, useRowCounts } from '../shared/list-support';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';

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
  const { query, view } = useListView('users', ({ page, perPage, search }) =>
    organizationId === undefined
      ? userQueries.list(contractId, { page, perPage, search })
      : organizationQueries.users(contractId, organizationId, { page, perPage, search }),
  );
  const counts = useRowCounts(query.data?.data, (ids) => userQueries.counts(contractId, ids), {
    organizations: 'organizations',
    operators: 'operators',
  });
  const canDelete = useGranted(organizationId === undefined ? CONTRACT_ADMIN : ADMIN_ROLES);
  const canAdd = useGranted(ADMIN_ROLES);
  const detail = useDetailLink('user');
  const wizard = useWizardSlot();
  const del = useDeleteConfirm<UserSummary>({
    contractId,
    changes: [...TERRITORY_CHANGES.user, ...TERRITORY_CHANGES.organization],
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
    counts.column('organizations', t('territorial_admin.columns.organizations')),
    counts.column('operators', t('territorial_admin.columns.operators')),
    ...useActionsColumn<UserSummary>(
      !readOnly &&
        ((u) => (
          <>
            <DetailLink
              to={detail(u.id)}
              label={t('territorial_admin.users.detail', { label: fullName(u) })}
            />
            {canDelete ? (
              <ActionButton
                icon="trash"
                label={t('territorial_admin.users.delete', { label: fullName(u) })}
                onClick={() => del.ask(u)}
              />
            ) : null}
          </>
        )),
    ),
  ];
  return (
    <>
      <ListView
        {...view}
        title={t('territorial_admin.users.title')}
        headingLevel={headingLevel}
        rowKey={(u) => u.id}
        addLabel={t('territorial_admin.users.add')}
        onAdd={readOnly || !canAdd ? undefined : wizard.open}
        addOpensDialog
        columns={columns}
        exportValues={counts.exportValues}
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
