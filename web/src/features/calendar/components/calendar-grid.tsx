import './calendar-grid.css';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { capitalize, dayNames, formatDate } from '@/lib/i18n';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import type { CalendarCategory, CalendarEvent } from '../api/calendars';
import { dayKey, touchesDay, type CalendarView } from './dates';

/** The swatch of the events without a category (grid and filter). */
export const NO_CATEGORY_COLOR = '#6c757d';

function EventItem({
  event,
  category,
  showTime,
}: {
  event: CalendarEvent;
  category: CalendarCategory | undefined;
  showTime: boolean;
}) {
  const to = buildPath(paths.calendar.event, { calendrierId: event.calendarId, eventId: event.id });
  const { t } = useTranslation();
  const time = (iso: string) => formatDate(iso, { hour: '2-digit', minute: '2-digit' });
  const when = t('calendar.event_time', { start: time(event.startDate), end: time(event.endDate) });
  return (
    <li
      className="calendar-event small mb-1 ps-1"
      style={{ borderLeft: `4px solid ${category?.color ?? NO_CATEGORY_COLOR}` }}
    >
      {showTime ? (
        <span className="text-body-secondary me-1">{when}</span>
      ) : (
        <span className="visually-hidden">{when} </span>
      )}
      <Link to={to} className="fw-semibold link-body-emphasis">
        {event.title}
      </Link>
      <span className="visually-hidden"> ({category?.label ?? t('calendar.no_category')})</span>
    </li>
  );
}

/** The events of one day, each marked with its category's colour. */
function DayEvents({
  day,
  events,
  byId,
  showTime,
}: {
  day: Date;
  events: CalendarEvent[];
  byId: Map<number, CalendarCategory>;
  showTime: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul
      className="list-unstyled mb-0"
      aria-label={t('calendar.events_of', { day: formatDate(day, { day: 'numeric', month: 'long' }) })}
    >
      {events.map((event) => (
        <EventItem
          key={event.id}
          event={event}
          category={event.categoryId !== null ? byId.get(event.categoryId) : undefined}
          showTime={showTime}
        />
      ))}
    </ul>
  );
}

/**
 * The week on a phone: an agenda, one heading per day and its events below with their hours, so
 * that seven narrow columns never overlap.
 */
function WeekAgenda({
  days,
  events,
  byId,
  caption,
}: {
  days: Date[];
  events: CalendarEvent[];
  byId: Map<number, CalendarCategory>;
  caption: string;
}) {
  const { t } = useTranslation();
  const today = dayKey(new Date());
  return (
    <section aria-label={caption} className="calendar-agenda">
      {days.map((day) => {
        const key = dayKey(day);
        const dayEvents = events.filter((e) => touchesDay(e, day));
        return (
          <div
            key={key}
            className={`border-bottom py-2 ${key === today ? 'calendar-today' : ''}`.trim()}
            aria-current={key === today ? 'date' : undefined}
          >
            <h3 className="h6 mb-1">
              {capitalize(formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' }))}
            </h3>
            {dayEvents.length ? (
              <DayEvents day={day} events={dayEvents} byId={byId} showTime />
            ) : (
              <p className="small text-body-secondary mb-0">{t('calendar.no_event')}</p>
            )}
          </div>
        );
      })}
    </section>
  );
}

/**
 * The month (whole weeks) or the week as a table: French day names in the column headers, each
 * cell listing the events touching that day, marked with their category's colour. On a phone the
 * week is an agenda list instead.
 */
export function CalendarGrid({
  view,
  days,
  month,
  events,
  categories,
  caption,
}: {
  view: CalendarView;
  days: Date[];
  /** the displayed month (0-11): other months' days are dimmed */
  month: number;
  events: CalendarEvent[];
  categories: CalendarCategory[];
  caption: string;
}) {
  const names = dayNames();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const today = dayKey(new Date());
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  if (view === 'week' && narrow)
    return <WeekAgenda days={days} events={events} byId={byId} caption={caption} />;

  return (
    <div className="table-responsive">
      <table
        className={`table table-bordered calendar-grid calendar-${view}`}
        style={{ tableLayout: 'fixed' }}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {(weeks[0] ?? []).map((day, i) => (
              <th key={i} scope="col" className="text-center">
                {view === 'month' && narrow ? (
                  // seven columns in a phone's width: the day's first three letters, its whole name
                  // for screen readers
                  <>
                    <span aria-hidden="true">{capitalize((names[i] ?? '').slice(0, 3))}</span>
                    <span className="visually-hidden">{capitalize(names[i] ?? '')}</span>
                  </>
                ) : (
                  capitalize(
                    view === 'week'
                      ? `${names[i] ?? ''} ${formatDate(day, { day: 'numeric', month: 'long' })}`
                      : (names[i] ?? ''),
                  )
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0] ?? new Date())}>
              {week.map((day) => {
                const key = dayKey(day);
                const dayEvents = events.filter((e) => touchesDay(e, day));
                const outside = view === 'month' && day.getMonth() !== month;
                return (
                  <td
                    key={key}
                    className={`align-top ${outside ? 'bg-body-tertiary' : ''} ${key === today ? 'calendar-today' : ''}`.trim()}
                    style={{ height: view === 'week' ? 240 : narrow ? 80 : 110 }}
                    aria-current={key === today ? 'date' : undefined}
                  >
                    <div className={`small mb-1 ${key === today ? 'fw-bold' : ''}`}>
                      <span aria-hidden="true">{day.getDate()}</span>
                      <span className="visually-hidden">
                        {formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' })}
                      </span>
                    </div>
                    {dayEvents.length ? (
                      <DayEvents day={day} events={dayEvents} byId={byId} showTime={view === 'week'} />
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
