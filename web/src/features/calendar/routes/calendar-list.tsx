import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListToolbar, wholeList } from '@/components/ui/list-toolbar';
import { PageTitle } from '@/components/ui/page-title';
import { useContractId } from '@/lib/auth/hooks';
import { calendarQueries, type Calendar } from '../api/calendars';

/** /calendrier: the calendars of the current contract the user can reach (contract, organizations, sites). */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const query = useQuery({ ...calendarQueries.list(contractId) });

  const columns: Column<Calendar>[] = [
    {
      key: 'label',
      header: t('calendar.col.label'),
      render: (c) => <Link to={buildPath(paths.calendar.detail, { calendrierId: c.id })}>{c.label}</Link>,
    },
    {
      key: 'object',
      header: t('calendar.col.object'),
      render: (c) => t(`calendar.object.${c.objectType}`, { defaultValue: c.objectType }),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (c) => (
        <Link
          className="btn btn-sm btn-outline-primary"
          to={buildPath(paths.calendar.newEvent, { calendrierId: c.id })}
          aria-label={t('calendar.new_event_in', { label: c.label })}
        >
          {t('calendar.new_event')}
        </Link>
      ),
    },
  ];

  return (
    <section>
      <PageTitle>{t('calendar.list_title')}</PageTitle>
      <p className="text-body-secondary">
        {query.data ? t('calendar.count', { count: query.data.length }) : null}
      </p>
      {query.isError ? <LoadingErrorAlert /> : null}
      <ListToolbar
        pagination={query.data ? wholeList(query.data.length) : undefined}
        exportCsv={{
          name: t('calendar.list_title'),
          columns,
          // the call answers every calendar at once
          fetchPage: async () => ({ data: query.data ?? [], pagination: wholeList(query.data?.length ?? 0) }),
        }}
      />
      <DataTable
        columns={columns}
        rows={query.data}
        loading={query.isPending}
        rowKey={(c) => c.id}
        caption={t('calendar.list_title')}
        rowLink={(c) => buildPath(paths.calendar.detail, { calendrierId: c.id })}
      />
    </section>
  );
}
