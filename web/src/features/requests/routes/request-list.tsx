import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import type { ServiceRequest } from '@portal/contract';
import { ListView, useListView } from '@/components/list-view/list-view';
import type { Column } from '@/components/ui/data-table';
import { PageTitle } from '@/components/ui/page-title';
import { parseStatus, StatusFilter } from '@/components/ui/status-filter';
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
  const { list, view } = useListView(
    '',
    ({ page, perPage, search, filters }) =>
      requestQueries.list(contractId, {
        page,
        perPage,
        q: search,
        status: parseStatus('request', filters.status),
      }),
    { filters: ['status'] },
  );
  const status = parseStatus('request', list.filters.status);

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
      <ListView
        {...view}
        title={t('requests.list_title')}
        countText={(count) => t('requests.count', { count })}
        searchLabel={t('requests.search_label')}
        columns={columns}
        rowKey={(r) => r.id}
        rowLink={requestLink}
      >
        <div className="d-flex flex-wrap gap-3 mb-3 align-items-end">
          <StatusFilter kind="request" value={status} onChange={(value) => list.setFilter('status', value)} />
          <Link className="btn btn-primary ms-auto" to={paths.requests.choose}>
            {t('requests.new')}
          </Link>
        </div>
      </ListView>
    </section>
  );
}
