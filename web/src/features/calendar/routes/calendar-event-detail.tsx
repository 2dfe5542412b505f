import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmDelete } from '@/components/ui/use-confirm-delete';
import { formatDate } from '@/lib/i18n';
import {
  calendarQueries,
  deleteCalendarEvent,
  invalidateCalendar,
  type CalendarEvent,
} from '../api/calendars';
import { forgetRead } from '@/lib/endpoint-query';
import { NO_CATEGORY_COLOR } from '../components/calendar-grid';
import { dayKey } from '../components/dates';
import { useEventPage } from '../components/use-event-page';
import { EventPageFailure } from '../components/event-page-failure';

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * /calendrier/:calendrierId/evenement/:eventId: one event (title, category, start, end,
 * description), with its edit and its delete behind a confirmation.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  const { contractId, calendarId, eventId, calendar, categories, event } = useEventPage(deleted);
  const calendarPath = buildPath(paths.calendar.detail, { calendrierId: calendarId });
  const remove = useConfirmDelete<CalendarEvent>({
    remove: (target) => deleteCalendarEvent(calendarId, target.id),
    refresh: async () => {
      // the deleted event is never asked again: its query goes before the calendar reloads
      setDeleted(true);
      forgetRead(client, calendarQueries.event(contractId, calendarId, eventId));
      const day = event.data ? `?date=${dayKey(new Date(event.data.startDate))}` : '';
      await invalidateCalendar(client, contractId);
      void navigate(`${calendarPath}${day}`);
    },
    title: (target) => t('calendar.delete_event_title', { title: target.title }),
    body: () => t('calendar.delete_event_body'),
  });

  if (calendar.isError || categories.isError || event.isError)
    return <EventPageFailure calendarId={calendarId} title={t('calendar.event_title')} />;
  if (calendar.isPending || event.isPending || deleted) return <Spinner />;

  const data = event.data;
  const category = categories.data?.find((c) => c.id === data.categoryId);
  const back = `${calendarPath}?date=${dayKey(new Date(data.startDate))}`;
  return (
    <section>
      {remove.modal}
      <PageTitle>{data.title}</PageTitle>
      <Link to={back} className="d-inline-block mb-3">
        {t('calendar.back_to', { label: calendar.data.label })}
      </Link>
      <dl className="row" style={{ maxWidth: 720 }}>
        <dt className="col-sm-3">{t('calendar.field.category')}</dt>
        <dd className="col-sm-9">
          <span
            aria-hidden="true"
            className="d-inline-block rounded me-1 align-middle"
            style={{ width: 12, height: 12, background: category?.color ?? NO_CATEGORY_COLOR }}
          />
          {category?.label ?? t('calendar.no_category')}
        </dd>
        <dt className="col-sm-3">{t('calendar.field.start')}</dt>
        <dd className="col-sm-9">{formatDate(data.startDate, WHEN)}</dd>
        <dt className="col-sm-3">{t('calendar.field.end')}</dt>
        <dd className="col-sm-9">{formatDate(data.endDate, WHEN)}</dd>
        <dt className="col-sm-3">{t('calendar.field.description')}</dt>
        <dd className="col-sm-9" style={{ whiteSpace: 'pre-line' }}>
          {data.description || t('calendar.no_description')}
        </dd>
      </dl>
      <div className="d-flex gap-2">
        <Link
          className="btn btn-primary"
          to={buildPath(paths.calendar.editEvent, { calendrierId: calendarId, eventId })}
        >
          {t('calendar.edit_event')}
        </Link>
        <Button variant="outline-danger" onClick={() => remove.ask(data)}>
          {t('calendar.delete_event')}
        </Button>
      </div>
    </section>
  );
}
