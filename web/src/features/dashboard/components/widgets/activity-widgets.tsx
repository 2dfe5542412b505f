import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { statsQueries, WORK_STATUSES } from '../../api/widget-stats';
import { INTERVENTION_STATUSES, interventionQueries, STATUS_TEXT } from '../../api/interventions';
import { BarChart } from '@/components/charts/bar-chart';
import { QueryState, WidgetCard } from '../widget-card';
import { useFormat } from './format';
import type { WidgetProps } from './types';

function CountsWithBars({ counts, linkTo }: { counts: { label: string; count: number }[]; linkTo?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <div className="widget-split">
      <div>
        <dl className="widget-counts mb-1">
          {counts.map((c) => (
            <div key={c.label} className="d-flex justify-content-between">
              <dt className="fw-normal">{c.label}</dt>
              <dd className="mb-0 fw-semibold">{format.number(c.count)}</dd>
            </div>
          ))}
          <div className="d-flex justify-content-between border-top">
            <dt>{t('dashboard.total')}</dt>
            <dd className="mb-0 fw-bold">{format.number(total)}</dd>
          </div>
        </dl>
        {linkTo ? (
          <Link to={linkTo} className="small">
            {t('dashboard.see_all')}
          </Link>
        ) : null}
      </div>
      <BarChart
        className="widget-chart"
        data={counts.map((c) => ({ label: c.label, value: c.count }))}
        summary={counts.map((c) => `${c.label} : ${c.count}`).join(', ')}
        height={170}
        fill
      />
    </div>
  );
}

/** Public space planner full: the works counted by status. */
export function WorksWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const query = useQuery(statsQueries.works(props.contractId));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {(stats) => (
          <CountsWithBars
            linkTo={paths.works.list}
            counts={WORK_STATUSES.map((status) => ({
              label: t(`dashboard.work_status.${status}`),
              count: stats.find((s) => s.currentStatus === status)?.count ?? 0,
            }))}
          />
        )}
      </QueryState>
    </WidgetCard>
  );
}

/** Request status: the requests counted by status. */
export function RequestStatusWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const query = useQuery(statsQueries.requests(props.contractId));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {(stats) => (
          <CountsWithBars
            linkTo={paths.requests.list}
            counts={stats.byStatus.map((s) => ({
              label: t(`dashboard.request_status.${s.status}`, { defaultValue: s.status }),
              count: s.count,
            }))}
          />
        )}
      </QueryState>
    </WidgetCard>
  );
}

const ONGOING = { status: [INTERVENTION_STATUSES.ongoing], currentPage: 1, itemsPerPage: 3 };

/** Ongoing interventions: how many are under way (status Enc), and the first of them. */
export function OngoingInterventionsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(interventionQueries.list(props.contractId, ONGOING));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
      actions={
        <Link to={`${paths.map}?tab=interventions`} className="small link-body-emphasis">
          {t('dashboard.see_on_map')}
        </Link>
      }
    >
      <QueryState query={query}>
        {({ items, total }) => (
          <>
            <p className="mb-1">
              <span className="fs-4 fw-semibold">{format.number(total)}</span>{' '}
              <span className="text-body-secondary">
                {t('dashboard.interventions_ongoing', { count: total })}
              </span>
            </p>
            <ul className="list-unstyled small mb-0">
              {items.map((i) => (
                <li key={i.id} className="text-truncate">
                  <span className="badge text-bg-warning me-1">
                    {t(`dashboard.intervention_status.${STATUS_TEXT[i.status]}`)}
                  </span>
                  {i.label} — {i.address}
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </WidgetCard>
  );
}
