import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Area, Contract, Organization, OrganizationType } from '@portal/contract';
import { ListView, useListView } from '@/components/list-view/list-view';
import { ActionButton, useActionsColumn } from '@/components/list-view/row-actions';
import type { Column } from '@/components/ui/data-table';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/i18n';
import { useCurrentContract, useCurrentUser } from '@/lib/auth/hooks';
import { invalidateEndpoints } from '@/lib/endpoint-query';
import { TERRITORY_CHANGES } from '@/lib/territory-changes';
import { removeUserFromOrganization, userDetailQueries } from './queries';

interface TabProps {
  userId: number;
  contractId: number | null;
}

/**
 * The user's community organizations or operators. Outside read-only mode each row has a remove
 * action (with a confirmation) that takes the user out of that organization; read-only (the
 * profile) shows the table alone.
 */
export function OrganizationsTab({
  userId,
  contractId,
  type,
  userName,
  readOnly = false,
}: TabProps & { type: OrganizationType; userName: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const operator = type === 'Operator';
  // its page in the URL, apart from the other lists of the screen
  const { view } = useListView(
    operator ? 'user_operators' : 'user_organizations',
    ({ page, perPage }) => userDetailQueries.organizations(contractId, userId, type, page, perPage),
    { search: false },
  );
  const remove = useConfirmDelete<Organization>({
    remove: (organization) => removeUserFromOrganization(organization.id, userId),
    // the user's organizations, operators and areas (which come from them) change
    refresh: () => invalidateEndpoints(queryClient, contractId, TERRITORY_CHANGES.user),
    title: (organization) => t('user_detail.remove_title', { label: organization.label }),
    body: (organization) => t('user_detail.remove_body', { name: userName, label: organization.label }),
    failed: t('user_detail.remove_error'),
  });
  const columns: Column<Organization>[] = [
    { key: 'label', header: t('user_detail.columns.label'), render: (o) => o.label },
    { key: 'categories', header: t('user_detail.columns.skill_sets'), render: (o) => o.category.length },
    ...(operator
      ? [
          {
            key: 'end',
            header: t('user_detail.columns.end_date'),
            render: (o: Organization) => formatDate(o.organizationMetadatas.operatorContractEnd ?? o.endDate),
            csv: (o: Organization) => o.organizationMetadatas.operatorContractEnd ?? o.endDate,
          },
        ]
      : []),
    { key: 'areas', header: t('user_detail.columns.areas'), render: (o) => o.area.length },
  ];
  columns.push(
    ...useActionsColumn<Organization>(
      !readOnly &&
        ((o) => (
          <ActionButton
            icon="trash"
            label={t('user_detail.remove', { name: userName, label: o.label })}
            onClick={() => remove.ask(o)}
          />
        )),
    ),
  );
  return (
    <>
      <ListView
        {...view}
        headingLevel={3}
        title={operator ? t('user_detail.tabs.operators') : t('user_detail.tabs.organizations')}
        columns={columns}
        rowKey={(o) => o.id}
      />
      {readOnly ? null : remove.modal}
    </>
  );
}

export function AreasTab({ userId, contractId }: TabProps) {
  const { t } = useTranslation();
  const { view } = useListView(
    'user_areas',
    ({ page, perPage }) => userDetailQueries.areas(contractId, userId, page, perPage),
    { search: false },
  );
  const columns: Column<Area>[] = [
    { key: 'label', header: t('user_detail.columns.label'), render: (a) => a.label },
    { key: 'postal', header: t('user_detail.columns.postal_code'), render: (a) => a.postalCode ?? '-' },
    { key: 'categories', header: t('user_detail.columns.skill_sets'), render: (a) => a.categories.length },
  ];
  return (
    <ListView
      {...view}
      headingLevel={3}
      title={t('user_detail.tabs.areas')}
      columns={columns}
      rowKey={(a) => a.id}
    />
  );
}

/**
 * The user contracts tab. On one's own profile: one's contracts, the current one with a check
 * icon, the others with an arrow that switches to them. On another user's detail: that user's
 * contracts (those the viewer administers them in), with no switch.
 */
export function ContractsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { contractId, setCurrentContract } = useCurrentContract();
  const own = useCurrentUser()?.id === userId;
  const [switching, setSwitching] = useState<number | null>(null);
  const { view } = useListView(
    'user_contracts',
    ({ page, perPage }) =>
      own
        ? userDetailQueries.myContracts(contractId, page, perPage)
        : userDetailQueries.contractsOf(contractId, userId, page, perPage),
    { search: false },
  );
  const columns: Column<Contract>[] = [
    { key: 'label', header: t('user_detail.columns.label'), render: (c) => c.label },
    {
      key: 'status',
      header: t('user_detail.columns.status'),
      render: (c) => t(`contract_status.${c.status}`, { defaultValue: c.status }),
    },
  ];
  if (own)
    columns.push({
      key: 'action',
      header: <span className="visually-hidden">{t('common.actions')}</span>,
      className: 'text-end',
      render: (c) =>
        c.id === contractId ? (
          <span
            className="contract-current text-success"
            role="img"
            aria-label={t('user_detail.current_contract')}
          >
            ✓
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={switching !== null}
            onClick={() => {
              setSwitching(c.id);
              void setCurrentContract(c.id).catch(() => setSwitching(null));
            }}
          >
            {switching === c.id ? <Spinner size="sm" /> : <span aria-hidden="true">→</span>}
            <span className="visually-hidden">{t('user_detail.switch_to', { label: c.label })}</span>
          </button>
        ),
    });
  return (
    <ListView
      {...view}
      headingLevel={3}
      title={t('user_detail.tabs.contracts')}
      columns={columns}
      rowKey={(c) => c.id}
    />
  );
}
