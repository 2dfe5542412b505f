import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { paths, buildPath } from '@portal/contract/routes';
import { ROLES } from '@portal/contract/roles';
import type { Signal } from '@portal/contract';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { TabHeader } from '@/components/ui/tab-header';
import { ListToolbar, usePageFetcher } from '@/components/ui/list-toolbar';
import { parseStatus, StatusFilter } from '@/components/ui/status-filter';
import { useListState } from '@/components/ui/use-list-state';
import { useContractId, useGrantedForContract } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import { signalQueries } from '../api/signals';
import { SignalStatusBadge } from '../components/signal-status-badge';
import { WaitingReports } from '../components/waiting-reports';

/** /signalement: the signals of the current contract, paged, searchable, filtered by status and category. */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const list = useListState('', ['status', 'category']);
  const canReport = useGrantedForContract([ROLES.SIGNAL_NOTIFY, ROLES.ZEUS_SIGNAL]);
  const status = parseStatus('signal', list.filters.status);
  const category = Number(list.filters.category) || null;
  const q = { page: list.page, perPage: list.perPage, q: list.search, status, category };
  const query = useQuery({ ...signalQueries.list(contractId, q) });
  const fetchPage = usePageFetcher((page, perPage) =>
    signalQueries.list(contractId, { ...q, page, perPage }),
  );
  const categories = useQuery({ ...signalQueries.categories(contractId) });

  const columns: Column<Signal>[] = [
    {
      key: 'id',
      header: '#',
      render: (s) => (
        <Link
          to={buildPath(paths.signals.detail, { signalId: s.id })}
          aria-label={t('signals.open', { id: s.id })}
        >
          {s.id}
        </Link>
      ),
    },
    {
      key: 'date',
      header: t('signals.col.date'),
      render: (s) => formatDate(s.createdAt),
      csv: (s) => s.createdAt,
    },
    {
      key: 'category',
      header: t('signals.col.category'),
      render: (s) => (
        <span>
          <span
            aria-hidden="true"
            className="d-inline-block rounded-circle me-2"
            style={{ width: 10, height: 10, background: s.category.color }}
          />
          {s.category.label}
        </span>
      ),
    },
    {
      key: 'description',
      header: t('signals.col.description'),
      render: (s) => <Link to={buildPath(paths.signals.detail, { signalId: s.id })}>{s.description}</Link>,
    },
    { key: 'address', header: t('signals.col.address'), render: (s) => s.address || '-' },
    {
      key: 'status',
      header: t('signals.col.status'),
      render: (s) => <SignalStatusBadge status={s.status} />,
      csv: (s) => t(`signals.status.${s.status}`),
    },
    {
      key: 'request',
      header: t('signals.col.request'),
      render: (s) => (s.requestId ? `n° ${s.requestId}` : '-'),
    },
  ];

  return (
    <section>
      <PageTitle>{t('signals.list_title')}</PageTitle>
      <TabHeader
        title={t('signals.list_title')}
        subtitle={query.data ? t('signals.count', { count: query.data.pagination.totalCount }) : undefined}
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('signals.search_label')}
      />
      <div className="d-flex flex-wrap gap-3 mb-3 align-items-end">
        <StatusFilter kind="signal" value={status} onChange={(value) => list.setFilter('status', value)} />
        <Form.Group controlId="signal-category-filter">
          <Form.Label>{t('signals.filter_category')}</Form.Label>
          <Form.Select value={category ?? ''} onChange={(e) => list.setFilter('category', e.target.value)}>
            <option value="">{t('signals.all_categories')}</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {canReport ? (
          <Link className="btn btn-primary ms-auto" to={paths.signals.create}>
            {t('signals.new')}
          </Link>
        ) : null}
      </div>
      <WaitingReports />
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.isError ? undefined : query.data?.pagination}
        perPage={list.perPage}
        onPerPage={list.setPerPage}
        exportCsv={{ name: t('signals.list_title'), columns, fetchPage }}
      />
      <DataTable
        columns={columns}
        rows={query.data?.data}
        loading={query.isPending}
        rowKey={(s) => s.id}
        caption={t('signals.list_title')}
        rowLink={(s) => buildPath(paths.signals.detail, { signalId: s.id })}
      />
      <Pagination
        page={list.page}
        pageCount={query.data?.pagination.pageCount ?? 0}
        onChange={list.setPage}
      />
    </section>
  );
}
