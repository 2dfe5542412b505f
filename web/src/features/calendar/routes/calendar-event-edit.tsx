import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { calendarQueries, invalidateCalendar, updateCalendarEvent } from '../api/calendars';
import { EventForm, eventValues } from '../components/event-form';
import { useEventPage } from '../components/use-event-page';
import { EventPageFailure } from '../components/event-page-failure';

/** /calendrier/:calendrierId/evenement/:eventId/modification: the event's fields, saved whole (PUT). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { contractId, calendarId, eventId, calendar, categories, event } = useEventPage();
  const detail = buildPath(paths.calendar.event, { calendrierId: calendarId, eventId });

  if (calendar.isError || categories.isError || event.isError)
    return <EventPageFailure calendarId={calendarId} title={t('calendar.edit_event')} />;
  if (calendar.isPending || event.isPending || categories.isPending) return <Spinner />;

  return (
    <section>
      <PageTitle>{t('calendar.edit_event_title', { title: event.data.title })}</PageTitle>
      <Link to={detail} className="d-inline-block mb-3">
        {t('calendar.back_to_event')}
      </Link>
      <EventForm
        initial={eventValues(event.data)}
        categories={categories.data}
        submitLabel={t('common.save')}
        back={detail}
        save={async (input) => {
          const saved = await updateCalendarEvent(calendarId, eventId, input);
          client.setQueryData(calendarQueries.event(contractId, calendarId, eventId).queryKey, saved);
          await invalidateCalendar(client, contractId);
          return saved;
        }}
        onSaved={() => void navigate(detail)}
      />
    </section>
  );
}
