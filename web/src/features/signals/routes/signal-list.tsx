import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { paths, buildPath } from '@portal/contract/routes';
import { ROLES } from '@portal/contract/roles';
import type { Signal } from '@portal/contract';
import { ListView, useListView } from '@/components/list-view/list-view';
import type { Column } from '@/components/ui/data-table';
import { PageTitle } from '@/components/ui/page-title';
import { parseStatus, StatusFilter } from '@/components/ui/status-filter';
import { useContractId, useGrantedForContract } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import { signalQueries } from '../api/signals';
import { SignalStatusBadge } from '../components/signal-status-badge';
import { WaitingReports } from '../components/waiting-reports';
import { OfflineMapArea } from '../components/offline-map-area';

/** /signalement: the signals of the current contract, paged, searchable, filtered by status and category. */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const { list, view } = useListView(
    '',
    ({ page, perPage, search, filters }) =>
      signalQueries.list(contractId, {
        page,
        perPage,
        q: search,
        status: parseStatus('signal', filters.status),
        category: Number(filters.category) || null,
      }),
    { filters: ['status', 'category'] },
  );
  const canReport = useGrantedForContract([ROLES.SIGNAL_NOTIFY, ROLES.ZEUS_SIGNAL]);
  const status = parseStatus('signal', list.filters.status);
  const category = Number(list.filters.category) || null;
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
      <ListView
        {...view}
        title={t('signals.list_title')}
        countText={(count) => t('signals.count', { count })}
        searchLabel={t('signals.search_label')}
        columns={columns}
        rowKey={(s) => s.id}
        rowLink={(s) => buildPath(paths.signals.detail, { signalId: s.id })}
      >
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
        {canReport ? <OfflineMapArea /> : null}
      </ListView>
    </section>
  );
}
