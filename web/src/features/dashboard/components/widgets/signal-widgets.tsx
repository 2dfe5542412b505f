import { useQuery } from '@tanstack/react-query';
import { type TFunction, useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { statsQueries } from '../../api/widget-stats';
import { BarChart } from '@/components/charts/bar-chart';
import { QueryState, WidgetCard } from '../widget-card';
import { useFormat } from './format';
import type { WidgetProps } from './types';

const title = (t: TFunction, props: WidgetProps) =>
  t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label });

/** Signal full: the total, the counts by status (listed and plotted). */
export function SignalFullWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(statsQueries.signals(props.contractId));
  return (
    <WidgetCard
      title={title(t, props)}
      widgetId={props.widget.id}
      actions={
        <Link to={paths.signals.list} className="small link-body-emphasis">
          {t('dashboard.see_all')}
        </Link>
      }
    >
      <QueryState query={query}>
        {(stats) => {
          const bars = stats.byStatus.map((s) => ({
            label: t(`dashboard.signal_status.${s.status}`, { defaultValue: s.status }),
            count: s.count,
          }));
          return (
            <div className="widget-split">
              <div>
                <p className="widget-figure mb-1">
                  <span className="display-6">{format.number(stats.total)}</span>{' '}
                  <span className="text-body-secondary">
                    {t('dashboard.signals_total', { count: stats.total })}
                  </span>
                </p>
                <dl className="widget-counts mb-0">
                  {bars.map((b) => (
                    <div key={b.label} className="d-flex justify-content-between">
                      <dt className="fw-normal">{b.label}</dt>
                      <dd className="mb-0 fw-semibold">{format.number(b.count)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <BarChart
                className="widget-chart"
                data={bars.map((b) => ({ label: b.label, value: b.count }))}
                summary={bars.map((b) => `${b.label} : ${b.count}`).join(', ')}
                height={170}
                fill
              />
            </div>
          );
        }}
      </QueryState>
    </WidgetCard>
  );
}

/** Signal condensed: the total and the new signals. */
export function SignalCondensedWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(statsQueries.signals(props.contractId));
  return (
    <WidgetCard title={title(t, props)} widgetId={props.widget.id}>
      <QueryState query={query}>
        {(stats) => {
          const fresh = stats.byStatus.find((s) => s.status === 'NEW')?.count ?? 0;
          const lastMonth = stats.lastMonth.reduce((sum, day) => sum + day.count, 0);
          return (
            <dl className="widget-counts mb-0">
              <div className="d-flex justify-content-between">
                <dt className="fw-normal">{t('dashboard.signals_total_label')}</dt>
                <dd className="mb-0 fs-4 fw-semibold">{format.number(stats.total)}</dd>
              </div>
              <div className="d-flex justify-content-between">
                <dt className="fw-normal">{t('dashboard.signal_status.NEW')}</dt>
                <dd className="mb-0 fw-semibold">{format.number(fresh)}</dd>
              </div>
              <div className="d-flex justify-content-between">
                <dt className="fw-normal">{t('dashboard.last_30_days')}</dt>
                <dd className="mb-0 fw-semibold">{format.number(lastMonth)}</dd>
              </div>
            </dl>
          );
        }}
      </QueryState>
    </WidgetCard>
  );
}

/** Signal top category: the five most reported categories. */
export function SignalTopCategoryWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(statsQueries.topCategories(props.contractId));
  return (
    <WidgetCard title={title(t, props)} widgetId={props.widget.id}>
      <QueryState query={query}>
        {(categories) =>
          categories.length === 0 ? (
            <p className="mb-0">{t('common.no_information')}</p>
          ) : (
            <>
              <ol className="widget-ranking ps-3 mb-2">
                {categories.map((c) => (
                  <li key={c.categoryId}>
                    <span className="d-flex justify-content-between gap-2">
                      <span>{c.label}</span>
                      <span className="fw-semibold">{format.number(c.count)}</span>
                    </span>
                  </li>
                ))}
              </ol>
              <BarChart
                className="widget-chart"
                data={categories.map((c) => ({ label: c.label, value: c.count }))}
                summary={categories.map((c) => `${c.label} : ${c.count}`).join(', ')}
                orientation="rows"
                height={200}
                fill
              />
            </>
          )
        }
      </QueryState>
    </WidgetCard>
  );
}
