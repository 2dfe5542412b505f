import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Area, Contract, Organization, OrganizationType } from '@portal/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icon';
import { ListToolbar, usePageFetcher } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { TabHeader } from '@/components/ui/tab-header';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import { Spinner } from '@/components/ui/spinner';
import { PAGING } from '@portal/contract/constants';
import { formatDate } from '@/lib/i18n';
import { useCurrentContract, useCurrentUser } from '@/lib/auth/hooks';
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
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState<number>(PAGING.defaultItemsPerPage);
  const setPerPage = (size: number) => {
    setPerPageState(size);
    setPage(1);
  };
  const query = useQuery(userDetailQueries.organizations(contractId, userId, type, page, perPage));
  const fetchPage = usePageFetcher((p, size) =>
    userDetailQueries.organizations(contractId, userId, type, p, size),
  );
  const remove = useConfirmDelete<Organization>({
    remove: (organization) => removeUserFromOrganization(organization.id, userId),
    // the user's organizations, operators and areas (which come from them) change
    refresh: () => queryClient.invalidateQueries({ queryKey: userDetailQueries.all(contractId, userId) }),
    title: (organization) => t('user_detail.remove_title', { label: organization.label }),
    body: (organization) => t('user_detail.remove_body', { name: userName, label: organization.label }),
    failed: t('user_detail.remove_error'),
  });
  const operator = type === 'Operator';
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
  if (!readOnly) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">{t('common.actions')}</span>,
      className: 'text-end',
      render: (o) => (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => remove.ask(o)}>
          <Icon name="trash" />
          <span className="visually-hidden">
            {t('user_detail.remove', { name: userName, label: o.label })}
          </span>
        </button>
      ),
    });
  }
  return (
    <>
      <TabHeader
        headingLevel={3}
        title={operator ? t('user_detail.tabs.operators') : t('user_detail.tabs.organizations')}
        subtitle={query.data ? t('common.count', { count: query.data.pagination.totalCount }) : undefined}
      />
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        perPage={perPage}
        onPerPage={setPerPage}
        exportCsv={{
          name: operator ? t('user_detail.tabs.operators') : t('user_detail.tabs.organizations'),
          columns,
          fetchPage,
        }}
      />
      <DataTable columns={columns} rows={query.data?.data} loading={query.isPending} rowKey={(o) => o.id} />
      <Pagination page={page} pageCount={query.data?.pagination.pageCount ?? 1} onChange={setPage} />
      {readOnly ? null : remove.modal}
    </>
  );
}

export function AreasTab({ userId, contractId }: TabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState<number>(PAGING.defaultItemsPerPage);
  const setPerPage = (size: number) => {
    setPerPageState(size);
    setPage(1);
  };
  const query = useQuery(userDetailQueries.areas(contractId, userId, page, perPage));
  const fetchPage = usePageFetcher((p, size) => userDetailQueries.areas(contractId, userId, p, size));
  const columns: Column<Area>[] = [
    { key: 'label', header: t('user_detail.columns.label'), render: (a) => a.label },
    { key: 'postal', header: t('user_detail.columns.postal_code'), render: (a) => a.postalCode ?? '-' },
    { key: 'categories', header: t('user_detail.columns.skill_sets'), render: (a) => a.categories.length },
  ];
  return (
    <>
      <TabHeader
        headingLevel={3}
        title={t('user_detail.tabs.areas')}
        subtitle={query.data ? t('common.count', { count: query.data.pagination.totalCount }) : undefined}
      />
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        perPage={perPage}
        onPerPage={setPerPage}
        exportCsv={{ name: t('user_detail.tabs.areas'), columns, fetchPage }}
      />
      <DataTable columns={columns} rows={query.data?.data} loading={query.isPending} rowKey={(a) => a.id} />
      <Pagination page={page} pageCount={query.data?.pagination.pageCount ?? 1} onChange={setPage} />
    </>
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
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState<number>(PAGING.defaultItemsPerPage);
  const setPerPage = (size: number) => {
    setPerPageState(size);
    setPage(1);
  };
  const [switching, setSwitching] = useState<number | null>(null);
  const contracts = (p: number, size: number) =>
    own
      ? userDetailQueries.myContracts(contractId, p, size)
      : userDetailQueries.contractsOf(contractId, userId, p, size);
  const query = useQuery(contracts(page, perPage));
  const fetchPage = usePageFetcher(contracts);
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
    <>
      <TabHeader
        headingLevel={3}
        title={t('user_detail.tabs.contracts')}
        subtitle={query.data ? t('common.count', { count: query.data.pagination.totalCount }) : undefined}
      />
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        perPage={perPage}
        onPerPage={setPerPage}
        exportCsv={{ name: t('user_detail.tabs.contracts'), columns, fetchPage }}
      />
      <DataTable columns={columns} rows={query.data?.data} loading={query.isPending} rowKey={(c) => c.id} />
      <Pagination page={page} pageCount={query.data?.pagination.pageCount ?? 1} onChange={setPage} />
    </>
  );
}
