import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { useTranslation } from '@/lib/i18n';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';

/**
 * What an event page shows when the calendar, its categories or the event could not be read: the
 * screen's name, the loading error with its retry, and the ways back to the calendar and to the
 * calendar list (the page has nothing else to offer until the retry succeeds).
 */
export function EventPageFailure({ calendarId, title }: { calendarId: number; title: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Link to={buildPath(paths.calendar.detail, { calendrierId: calendarId })}>
          {t('calendar.back_to_calendar')}
        </Link>
        <Link to={paths.calendar.list}>{t('calendar.back')}</Link>
      </div>
      <LoadingErrorAlert />
    </section>
  );
}
