import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { PORTAL_SUPER_ADMIN, ROLES } from '@portal/contract/roles';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentContract, useGranted } from '@/lib/auth/hooks';
import { capitalize, formatDate, monthNames } from '@/lib/i18n';
import { calendarQueries } from '../api/calendars';
import { CalendarGrid, NO_CATEGORY_COLOR } from '../components/calendar-grid';
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

/** The filter's own option for the events without a category, written 'none' in the URL. */
const NO_CATEGORY = 'none';
type FilterKey = number | typeof NO_CATEGORY;

/**
 * The category filter in the URL: absent = every event; otherwise the kept category ids, and
 * 'none' when the events without a category are kept (so that they are never hidden silently).
 */
function parseCategories(raw: string | null): FilterKey[] | null {
  if (raw === null) return null;
  return raw.split(',').flatMap((part): FilterKey[] => {
    if (part === NO_CATEGORY) return [NO_CATEGORY];
    const n = Number(part);
    return Number.isInteger(n) && n > 0 ? [n] : [];
  });
}

/**
 * /calendrier/:calendrierId: month or week view (French day and month names) of the events
 * between the displayed dates, categories with their colours as a filter; the view, the shown
 * date and the filter live in the URL. Calendar admins manage the categories below.
 */
export function Component() {
  const { t } = useTranslation();
  const calendarId = Number(useParams().calendrierId);
  const { contractId } = useCurrentContract();
  const cid = contractId ?? 0;
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

  const valid = Number.isInteger(calendarId) && calendarId > 0 && contractId !== null;
  const calendar = useQuery({ ...calendarQueries.detail(cid, calendarId), enabled: valid });
  const categories = useQuery({ ...calendarQueries.categories(cid, calendarId), enabled: valid });
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
    ...calendarQueries.events(cid, calendarId, range),
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
  const allKeys: FilterKey[] = [...allCategories.map((c) => c.id), NO_CATEGORY];
  const isShown = (key: FilterKey) => selected === null || selected.includes(key);
  const toggle = (key: FilterKey, on: boolean) => {
    const current = selected ?? allKeys;
    const next = on ? [...new Set([...current, key])] : current.filter((c) => c !== key);
    const everything = allKeys.every((k) => next.includes(k));
    update({ categories: everything ? null : next.join(',') });
  };
  const filterOptions: { key: FilterKey; label: string; color: string }[] = [
    ...allCategories.map((c) => ({ key: c.id, label: c.label, color: c.color })),
    { key: NO_CATEGORY, label: t('calendar.no_category'), color: NO_CATEGORY_COLOR },
  ];

  if (calendar.isError || categories.isError) return <LoadingErrorAlert />;
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
      <div className="d-flex flex-wrap gap-2 mb-3 align-items-center">
        <ButtonGroup aria-label={t('calendar.navigation')}>
          <Button variant="outline-primary" onClick={() => move(-1)}>
            {t(view === 'month' ? 'calendar.previous_month' : 'calendar.previous_week')}
          </Button>
          <Button variant="outline-primary" onClick={() => update({ date: null })}>
            {t('calendar.today')}
          </Button>
          <Button variant="outline-primary" onClick={() => move(1)}>
            {t(view === 'month' ? 'calendar.next_month' : 'calendar.next_week')}
          </Button>
        </ButtonGroup>
        <h2 className="h4 mb-0 mx-3" aria-live="polite">
          {periodTitle}
        </h2>
        <ButtonGroup aria-label={t('calendar.view')} className="ms-auto">
          {(['month', 'week'] as const).map((v) => (
            <Button
              key={v}
              variant={view === v ? 'primary' : 'outline-primary'}
              aria-pressed={view === v}
              onClick={() => update({ view: v === 'month' ? null : v })}
            >
              {t(`calendar.views.${v}`)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <fieldset className="mb-3">
        <legend className="h6">{t('calendar.categories')}</legend>
        <div className="d-flex flex-wrap gap-3">
          {filterOptions.map((option) => (
            <Form.Check key={option.key} id={`calendar-category-${option.key}`} type="checkbox">
              <Form.Check.Input
                type="checkbox"
                checked={isShown(option.key)}
                onChange={(e) => toggle(option.key, e.target.checked)}
              />
              <Form.Check.Label>
                <span
                  aria-hidden="true"
                  className="d-inline-block rounded me-1 align-middle"
                  style={{ width: 12, height: 12, background: option.color }}
                />
                {option.label}
              </Form.Check.Label>
            </Form.Check>
          ))}
          {selected !== null ? (
            <Button variant="link" size="sm" className="p-0" onClick={() => update({ categories: null })}>
              {t('calendar.all_categories')}
            </Button>
          ) : null}
        </div>
      </fieldset>
      {events.isError ? <LoadingErrorAlert /> : null}
      {events.isFetching ? <Spinner size="sm" label={t('calendar.loading_events')} /> : null}
      <CalendarGrid
        view={view}
        days={days}
        month={anchor.getMonth()}
        events={selected !== null && selected.length === 0 ? [] : (events.data ?? [])}
        categories={allCategories}
        caption={periodTitle}
      />
      {canManage && contractId !== null ? (
        <CategoryManager contractId={contractId} calendarId={calendarId} categories={allCategories} />
      ) : null}
    </section>
  );
}
