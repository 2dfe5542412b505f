import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { useTranslation } from '@/lib/i18n';
import type { CalendarView } from './dates';

/** Previous, today and next, the shown period's title (announced) and the month/week switch. */
export function PeriodNavigation({
  view,
  title,
  onMove,
  onToday,
  onView,
}: {
  view: CalendarView;
  title: string;
  onMove: (step: number) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-2 mb-3 align-items-center">
      <ButtonGroup aria-label={t('calendar.navigation')}>
        <Button variant="outline-primary" onClick={() => onMove(-1)}>
          {t(view === 'month' ? 'calendar.previous_month' : 'calendar.previous_week')}
        </Button>
        <Button variant="outline-primary" onClick={onToday}>
          {t('calendar.today')}
        </Button>
        <Button variant="outline-primary" onClick={() => onMove(1)}>
          {t(view === 'month' ? 'calendar.next_month' : 'calendar.next_week')}
        </Button>
      </ButtonGroup>
      <h2 className="h4 mb-0 mx-3" aria-live="polite">
        {title}
      </h2>
      <ButtonGroup aria-label={t('calendar.view')} className="ms-auto">
        {(['month', 'week'] as const).map((v) => (
          <Button
            key={v}
            variant={view === v ? 'primary' : 'outline-primary'}
            aria-pressed={view === v}
            onClick={() => onView(v)}
          >
            {t(`calendar.views.${v}`)}
          </Button>
        ))}
      </ButtonGroup>
    </div>
  );
}
