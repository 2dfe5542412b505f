import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import type { PublicWork } from '@portal/contract';
import { ListView, useListView } from '@/components/list-view/list-view';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import type { Column } from '@/components/ui/data-table';
import { PageTitle } from '@/components/ui/page-title';
import { parseStatus, StatusFilter } from '@/components/ui/status-filter';
import { useContractId } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import { WORK_STATUSES, workQueries } from '../api/works';
import { WorkStatusBadge } from '../components/work-status-badge';

/** /travaux: the counts by current status, then the public works of the contract (paged, searchable, filtered by status in the URL). */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const { list, view } = useListView(
    '',
    ({ page, perPage, search, filters }) =>
      workQueries.list(contractId, { page, perPage, q: search, status: parseStatus('work', filters.status) }),
    { filters: ['status'] },
  );
  const status = parseStatus('work', list.filters.status);
  const stats = useQuery({ ...workQueries.stats(contractId) });

  const columns: Column<PublicWork>[] = [
    {
      key: 'title',
      header: t('works.col.title'),
      render: (w) => <Link to={buildPath(paths.works.detail, { workId: w.id })}>{w.title}</Link>,
    },
    { key: 'address', header: t('works.col.address'), render: (w) => w.address || '-' },
    {
      key: 'dates',
      header: t('works.col.dates'),
      render: (w) => t('works.period', { start: formatDate(w.startDate), end: formatDate(w.endDate) }),
      csv: false,
    },
    {
      key: 'start',
      header: t('works.col.start'),
      render: () => null,
      csv: (w) => w.startDate,
      exportOnly: true,
    },
    { key: 'end', header: t('works.col.end'), render: () => null, csv: (w) => w.endDate, exportOnly: true },
    {
      key: 'status',
      header: t('works.col.status'),
      render: (w) => <WorkStatusBadge status={w.currentStatus} />,
      csv: (w) => t(`works.status_single.${w.currentStatus}`),
    },
    {
      key: 'edit',
      header: <span className="visually-hidden">{t('works.actions')}</span>,
      render: (w) => (
        <Link
          to={buildPath(paths.works.edit, { workId: w.id })}
          aria-label={t('works.edit_named', { title: w.title })}
        >
          {t('works.edit')}
        </Link>
      ),
    },
  ];

  return (
    <section>
      <PageTitle>{t('works.list_title')}</PageTitle>
      <section aria-labelledby="works-stats" className="mb-4">
        <h2 id="works-stats" className="h5">
          {t('works.stats_title')}
        </h2>
        {stats.isError ? <LoadingErrorAlert /> : null}
        <ul
          className="list-unstyled d-flex flex-wrap gap-3 mb-0"
          aria-labelledby="works-stats"
          aria-busy={stats.isPending ? true : undefined}
        >
          {WORK_STATUSES.map((s) => {
            const count = stats.data?.find((row) => row.currentStatus === s)?.count ?? 0;
            return (
              <li key={s} className="card px-3 py-2" data-testid={`work-stat-${s}`}>
                <span className="small text-body-secondary d-block">{t(`works.status.${s}`)}</span>{' '}
                <strong className="fs-4">{stats.data ? count : '…'}</strong>
              </li>
            );
          })}
        </ul>
      </section>
      <ListView
        {...view}
        title={t('works.list_title')}
        countText={(count) => t('works.count', { count })}
        searchLabel={t('works.search_label')}
        columns={columns}
        rowKey={(w) => w.id}
        rowLink={(w) => buildPath(paths.works.detail, { workId: w.id })}
      >
        <div className="d-flex flex-wrap gap-3 mb-3 align-items-end">
          <StatusFilter kind="work" value={status} onChange={(value) => list.setFilter('status', value)} />
          <Link className="btn btn-primary ms-auto" to={paths.works.create}>
            {t('works.new')}
          </Link>
        </div>
      </ListView>
    </section>
  );
}
