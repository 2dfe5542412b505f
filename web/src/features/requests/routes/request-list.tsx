import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import type { ServiceRequest } from '@portal/contract';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { parseStatus, StatusFilter } from '@/components/ui/status-filter';
import { TabHeader } from '@/components/ui/tab-header';
import { ListToolbar, usePageFetcher } from '@/components/ui/list-toolbar';
import { useListState } from '@/components/ui/use-list-state';
import { useContractId } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import { requestQueries } from '../api/requests';
import { RequestStatusBadge } from '../components/request-status-badge';

/** A draft opens where it is completed; any other request opens its detail. */
export const requestLink = (r: Pick<ServiceRequest, 'id' | 'status'>) =>
  r.status === 'DRAFT'
    ? buildPath(paths.requests.draft, { requestId: r.id })
    : buildPath(paths.requests.detail, { requestId: r.id });

/** /demande: the service requests of the current contract. */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const list = useListState('', ['status']);
  const status = parseStatus('request', list.filters.status);
  const q = { page: list.page, perPage: list.perPage, q: list.search, status };
  const query = useQuery({ ...requestQueries.list(contractId, q) });
  const fetchPage = usePageFetcher((page, perPage) =>
    requestQueries.list(contractId, { ...q, page, perPage }),
  );

  const columns: Column<ServiceRequest>[] = [
    {
      key: 'id',
      header: '#',
      render: (r) => (
        <Link to={requestLink(r)} aria-label={t('requests.open', { id: r.id })}>
          {r.id}
        </Link>
      ),
    },
    {
      key: 'title',
      header: t('requests.col.title'),
      render: (r) => <Link to={requestLink(r)}>{r.title || t('requests.untitled')}</Link>,
    },
    { key: 'type', header: t('requests.col.type'), render: (r) => r.requestType.label },
    { key: 'address', header: t('requests.col.address'), render: (r) => r.address || '-' },
    {
      key: 'updated',
      header: t('requests.col.updated'),
      render: (r) => formatDate(r.updatedAt),
      csv: (r) => r.updatedAt,
    },
    {
      key: 'status',
      header: t('requests.col.status'),
      render: (r) => <RequestStatusBadge status={r.status} />,
      csv: (r) => t(`requests.status.${r.status}`),
    },
    {
      key: 'signal',
      header: t('requests.col.signal'),
      render: (r) => (r.signalId ? `n° ${r.signalId}` : '-'),
    },
  ];

  return (
    <section>
      <PageTitle>{t('requests.list_title')}</PageTitle>
      <TabHeader
        title={t('requests.list_title')}
        subtitle={query.data ? t('requests.count', { count: query.data.pagination.totalCount }) : undefined}
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('requests.search_label')}
      />
      <div className="d-flex flex-wrap gap-3 mb-3 align-items-end">
        <StatusFilter kind="request" value={status} onChange={(value) => list.setFilter('status', value)} />
        <Link className="btn btn-primary ms-auto" to={paths.requests.choose}>
          {t('requests.new')}
        </Link>
      </div>
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        perPage={list.perPage}
        onPerPage={list.setPerPage}
        exportCsv={{ name: t('requests.list_title'), columns, fetchPage }}
      />
      <DataTable
        columns={columns}
        rows={query.data?.data}
        loading={query.isPending}
        rowKey={(r) => r.id}
        caption={t('requests.list_title')}
        rowLink={requestLink}
      />
      <Pagination
        page={list.page}
        pageCount={query.data?.pagination.pageCount ?? 0}
        onChange={list.setPage}
      />
    </section>
  );
}
