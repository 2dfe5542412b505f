import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { LoadFailure } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId, useGranted } from '@/lib/auth/hooks';
import { capitalize, formatDate, monthNames } from '@/lib/i18n';
import { calendarQueries } from '../api/calendars';
import { CalendarGrid } from '../components/calendar-grid';
import { CategoryFilter, NO_CATEGORY, parseCategories } from '../components/category-filter';
import { PeriodNavigation } from '../components/period-navigation';
import { CategoryManager } from '../components/category-manager';
import {
  addDays,
  addMonths,
  dayKey,
  parseDayKey,
  visibleDays,
  visibleRange,
  type CalendarView,
} from '../components/dates';

/**
 * /calendrier/:calendrierId: month or week view (French day and month names) of the events
 * between the displayed dates, categories with their colours as a filter; the view, the shown
 * date and the filter live in the URL. Calendar admins manage the categories below.
 */
export function Component() {
  const { t } = useTranslation();
  const calendarId = Number(useParams().calendrierId);
  const contractId = useContractId();
  const canManage = useGranted([ROLES.CALENDAR_ADMIN, PORTAL_SUPER_ADMIN]);
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const anchor = parseDayKey(params.get('date')) ?? new Date();
  const selected = parseCategories(params.get('categories'));

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  const valid = Number.isInteger(calendarId) && calendarId > 0;
  const calendar = useQuery({ ...calendarQueries.detail(contractId, calendarId), enabled: valid });
  const categories = useQuery({ ...calendarQueries.categories(contractId, calendarId), enabled: valid });
  const days = visibleDays(view, anchor);
  const range = {
    ...visibleRange(days),
    filter:
      selected === null
        ? undefined
        : {
            categories: selected.filter((key): key is number => key !== NO_CATEGORY),
            noCategory: selected.includes(NO_CATEGORY),
          },
  };
  const events = useQuery({
    ...calendarQueries.events(contractId, calendarId, range),
    enabled: valid && (selected === null || selected.length > 0),
  });

  const month = monthNames()[anchor.getMonth()] ?? '';
  const periodTitle = capitalize(
    view === 'month'
      ? `${month} ${anchor.getFullYear()}`
      : t('calendar.week_of', {
          start: formatDate(days[0], { day: 'numeric', month: 'long' }),
          end: formatDate(days[6], { day: 'numeric', month: 'long', year: 'numeric' }),
        }),
  );
  const move = (step: number) =>
    update({ date: dayKey(view === 'month' ? addMonths(anchor, step) : addDays(anchor, step * 7)) });

  const allCategories = categories.data ?? [];

  if (calendar.isError || categories.isError)
    return (
      <section>
        <Link to={paths.calendar.list} className="d-inline-block mb-3">
          {t('calendar.back')}
        </Link>
        <LoadFailure
          onRetry={() => Promise.all([calendar, categories].filter((q) => q.isError).map((q) => q.refetch()))}
        />
      </section>
    );
  if (calendar.isPending) return <Spinner />;

  return (
    <section>
      <PageTitle>{calendar.data.label}</PageTitle>
      <div className="d-flex flex-wrap gap-2 mb-3 align-items-center">
        <Link to={paths.calendar.list} className="me-auto">
          {t('calendar.back')}
        </Link>
        <Link
          className="btn btn-primary"
          to={buildPath(paths.calendar.newEvent, { calendrierId: calendarId })}
        >
          {t('calendar.new_event')}
        </Link>
      </div>
      <PeriodNavigation
        view={view}
        title={periodTitle}
        onMove={move}
        onToday={() => update({ date: null })}
        onView={(v) => update({ view: v === 'month' ? null : v })}
      />
      <CategoryFilter
        categories={allCategories}
        selected={selected}
        onChange={(next) => update({ categories: next })}
      />
      {events.isError ? <LoadFailure onRetry={events.refetch} /> : null}
      {events.isFetching ? <Spinner size="sm" label={t('calendar.loading_events')} /> : null}
      <CalendarGrid
        view={view}
        days={days}
        month={anchor.getMonth()}
        events={selected !== null && selected.length === 0 ? [] : (events.data ?? [])}
        categories={allCategories}
        caption={periodTitle}
      />
      {canManage ? (
        <CategoryManager contractId={contractId} calendarId={calendarId} categories={allCategories} />
      ) : null}
    </section>
  );
}
