import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { ListView } from '@/components/list-view/list-view';
import type { Column } from '@/components/ui/data-table';
import { wholeList } from '@/components/ui/list-toolbar';
import { PageTitle } from '@/components/ui/page-title';
import { useContractId } from '@/lib/auth/hooks';
import { calendarQueries, type Calendar } from '../api/calendars';

/** /calendrier: the calendars of the current contract the user can reach (contract, organizations, sites). */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  // the call answers every calendar at once: one page holding them all
  const query = useQuery({
    ...calendarQueries.list(contractId),
    select: (calendars) => ({ data: calendars, pagination: wholeList(calendars.length) }),
  });

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
      <ListView
        query={query}
        title={t('calendar.list_title')}
        countText={(count) => t('calendar.count', { count })}
        columns={columns}
        rowKey={(c) => c.id}
        rowLink={(c) => buildPath(paths.calendar.detail, { calendrierId: c.id })}
        page={1}
        onPage={() => undefined}
        fetchPage={async () => query.data ?? { data: [], pagination: wholeList(0) }}
      />
    </section>
  );
}
