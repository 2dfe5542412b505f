import { useQuery, useQueryClient } from '@tanstack/react-query';
import Nav from 'react-bootstrap/Nav';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import type { Contract } from '@portal/contract';
import { buildPath, paths } from '@portal/contract/routes';
import { Icon } from '@/components/ui/icon';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { TabHeader } from '@/components/ui/tab-header';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import { ListToolbar, usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState } from '@/components/ui/use-list-state';
import { useCurrentContract } from '@/lib/auth/hooks';
import { contractAdminQueries, deleteContract, type ContractListKind } from '../api/contracts';

const LISTS: { kind: ContractListKind; path: string; key: 'all' | 'mine' | 'to_finalize' }[] = [
  { kind: 'all', path: paths.admin.contracts, key: 'all' },
  { kind: 'mine', path: paths.admin.myContracts, key: 'mine' },
  { kind: 'to-finalize', path: paths.admin.toFinalize, key: 'to_finalize' },
];

/** /admin/contrat, /admin/contrat/mes-contrats, /admin/contrat/a-finaliser: paged, searchable contract lists. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contractId: current } = useCurrentContract();
  const list = LISTS.find((l) => l.path === pathname.replace(/\/+$/, '')) ?? LISTS[0]!;
  const state = useListState();
  const q = { page: state.page, perPage: state.perPage, search: state.search };
  const query = useQuery(contractAdminQueries.list(current, list.kind, q));
  const fetchPage = usePageFetcher((page, perPage) =>
    contractAdminQueries.list(current, list.kind, { ...q, page, perPage }),
  );
  const removal = useConfirmDelete<Contract>({
    remove: (c) => deleteContract(c.id),
    refresh: () => queryClient.invalidateQueries({ queryKey: contractAdminQueries.all(current) }),
    title: (c) => t('contracts.delete_title', { label: c.label }),
    body: () => t('contracts.delete_body'),
  });
  const columns: Column<Contract>[] = [
    { key: 'label', header: t('contracts.columns.label'), render: (c) => c.label },
    {
      key: 'status',
      header: t('contracts.columns.status'),
      render: (c) => t(`contract_status.${c.status}`, { defaultValue: c.status }),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      className: 'text-end',
      render: (c) => (
        <div className="d-flex gap-2 justify-content-end">
          <Link
            to={buildPath(paths.admin.contract, { contractId: c.id })}
            className="btn btn-sm btn-outline-primary"
          >
            <Icon name="search" />
            <span className="visually-hidden">{t('contracts.detail', { label: c.label })}</span>
          </Link>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => removal.ask(c)}>
            <Icon name="trash" />
            <span className="visually-hidden">{t('contracts.delete', { label: c.label })}</span>
          </button>
        </div>
      ),
    },
  ];
  const title = t(`contracts.lists.${list.key}`);
  return (
    <section className="contract-lists">
      <PageTitle>{t('screens.contract_lists')}</PageTitle>
      <Nav variant="tabs" className="mb-3" as="nav" aria-label={t('contracts.lists.label')}>
        {LISTS.map((l) => (
          <Nav.Item key={l.kind}>
            <NavLink to={l.path} end className="nav-link">
              {t(`contracts.lists.${l.key}`)}
            </NavLink>
          </Nav.Item>
        ))}
      </Nav>
      <TabHeader
        title={title}
        subtitle={query.data ? t('common.count', { count: query.data.pagination.totalCount }) : undefined}
        search={state.search}
        onSearch={state.setSearch}
        addLabel={t('contracts.create')}
        onAdd={() => void navigate(paths.admin.createContract)}
      />
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        perPage={state.perPage}
        onPerPage={state.setPerPage}
        exportCsv={{ name: title, columns, fetchPage }}
      />
      <DataTable
        columns={columns}
        rows={query.isError ? undefined : query.data?.data}
        loading={query.isPending}
        rowKey={(c) => c.id}
        caption={title}
        rowLink={(c) => buildPath(paths.admin.contract, { contractId: c.id })}
      />
      <Pagination
        page={state.page}
        pageCount={query.data?.pagination.pageCount ?? 1}
        onChange={state.setPage}
      />
      {removal.modal}
    </section>
  );
}
