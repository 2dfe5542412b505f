import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { pushAlert } from '@/lib/alerts';
import { useContractId } from '@/lib/auth/hooks';
import { calendarQueries, createCalendarEvent, invalidateCalendar } from '../api/calendars';
import { dayKey } from '../components/dates';
import { EventForm, newEventValues } from '../components/event-form';
import { EventPageFailure } from '../components/event-page-failure';

/** /calendrier/:calendrierId/evenement: create an event (title, category, start, end not before start, description). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const calendarId = Number(useParams().calendrierId);
  const contractId = useContractId();
  const valid = Number.isInteger(calendarId) && calendarId > 0;
  const calendar = useQuery({ ...calendarQueries.detail(contractId, calendarId), enabled: valid });
  const categories = useQuery({ ...calendarQueries.categories(contractId, calendarId), enabled: valid });
  const back = buildPath(paths.calendar.detail, { calendrierId: calendarId });

  if (calendar.isError || categories.isError)
    return <EventPageFailure calendarId={calendarId} title={t('calendar.new_event')} />;
  if (calendar.isPending) return <Spinner />;

  return (
    <section>
      <PageTitle>{t('calendar.new_event_title', { label: calendar.data.label })}</PageTitle>
      <Link to={back} className="d-inline-block mb-3">
        {t('calendar.back_to', { label: calendar.data.label })}
      </Link>
      <EventForm
        initial={newEventValues()}
        categories={categories.data}
        submitLabel={t('calendar.create_event')}
        back={back}
        save={async (input) => {
          const created = await createCalendarEvent(calendarId, input);
          await invalidateCalendar(client, contractId);
          return created;
        }}
        onSaved={(event) => {
          pushAlert('success', 'calendar.event_created', back);
          void navigate(`${back}?date=${dayKey(new Date(event.startDate))}`);
        }}
      />
    </section>
  );
}
