import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { waterQueries, type HydrometricSite } from '../../api/water';
import { LineChart } from '@/components/charts/line-chart';
import { QueryState, WidgetCard } from '../widget-card';
import { useFormat } from './format';
import type { WidgetProps } from './types';

const VOLUMES = ['produced', 'stored', 'treated', 'discharged'] as const;

/** Water cycle: the last month's volumes and their twelve-month series. */
export function WaterCycleWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(waterQueries.cycle(props.contractId));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {({ unit, series }) => {
          const last = series.at(-1);
          if (!last) return <p className="mb-0">{t('common.no_information')}</p>;
          const unitLabel = t(`dashboard.units.${unit}`, { defaultValue: unit });
          const labels = VOLUMES.map((key) => ({ key, label: t(`dashboard.volumes.${key}`) }));
          return (
            <>
              <p className="small text-body-secondary mb-1">
                {t('dashboard.volumes_of', { month: format.month(last.date), unit: unitLabel })}
              </p>
              <dl className="widget-counts row row-cols-2 g-0 mb-1">
                {labels.map(({ key, label }) => (
                  <div key={key} className="col d-flex justify-content-between pe-2">
                    <dt className="fw-normal">{label}</dt>
                    <dd className="mb-0 fw-semibold">{format.number(last[key])}</dd>
                  </div>
                ))}
              </dl>
              <LineChart
                className="widget-chart"
                data={series.map((p) => ({
                  x: format.month(p.date),
                  ...Object.fromEntries(VOLUMES.map((k) => [k, p[k]])),
                }))}
                series={labels}
                summary={t('dashboard.volumes_summary', { count: series.length })}
                height={150}
                fill
              />
            </>
          );
        }}
      </QueryState>
    </WidgetCard>
  );
}

/** Water conformity: the rate, the samples, and the stock level against stockFosseMax. */
export function WaterConformityWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(waterQueries.conformity(props.contractId));
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {(c) => {
          const percent = c.stockFosseMax > 0 ? Math.round((c.stockLevel / c.stockFosseMax) * 100) : 0;
          return (
            <>
              <dl className="widget-counts mb-2">
                <div className="d-flex justify-content-between">
                  <dt className="fw-normal">{t('dashboard.conformity_rate')}</dt>
                  <dd className="mb-0 fs-5 fw-semibold">{format.number(c.conformityRate, 1)} %</dd>
                </div>
                <div className="d-flex justify-content-between">
                  <dt className="fw-normal">{t('dashboard.samples')}</dt>
                  <dd className="mb-0 fw-semibold">{format.number(c.samples)}</dd>
                </div>
                <div className="d-flex justify-content-between">
                  <dt className="fw-normal">{t('dashboard.non_conform')}</dt>
                  <dd className="mb-0 fw-semibold">{format.number(c.nonConform)}</dd>
                </div>
                <div className="d-flex justify-content-between">
                  <dt className="fw-normal">{t('dashboard.stock_level')}</dt>
                  <dd className="mb-0 fw-semibold">
                    {t('dashboard.stock_of_max', {
                      level: format.number(c.stockLevel),
                      max: format.number(c.stockFosseMax),
                    })}
                  </dd>
                </div>
              </dl>
              <div
                className="progress"
                role="progressbar"
                aria-label={t('dashboard.stock_level')}
                aria-valuemin={0}
                aria-valuemax={c.stockFosseMax}
                aria-valuenow={c.stockLevel}
              >
                <div className="progress-bar" style={{ width: `${Math.min(100, percent)}%` }}>
                  {percent} %
                </div>
              </div>
            </>
          );
        }}
      </QueryState>
    </WidgetCard>
  );
}

function HydroSite({ contractId, site }: { contractId: number; site: HydrometricSite }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(waterQueries.series(contractId, site.code));
  return (
    <div className="hydro-site widget-fill mb-2">
      <h3 className="h6 mb-1">
        {site.label} <span className="small text-body-secondary">({site.code})</span>
      </h3>
      <QueryState query={query}>
        {({ unit, measures }) => {
          const last = measures.at(-1);
          return (
            <>
              {last ? (
                <p className="small mb-1">
                  {t('dashboard.last_measure', {
                    value: format.number(last.value, 3),
                    unit,
                    date: format.hour(last.date),
                  })}
                </p>
              ) : null}
              <LineChart
                className="widget-chart"
                data={measures.map((m) => ({ x: format.hour(m.date), value: m.value }))}
                series={[{ key: 'value', label: site.label }]}
                summary={t('dashboard.hydro_summary', { site: site.label, count: measures.length })}
                unit={unit}
                domain="data"
                height={110}
                fill
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/** Hydrometric: the widget's sites (two), each with its last measures (interval 4 h, at most 12). */
export function HydrometricWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const query = useQuery(waterQueries.sites(props.contractId));
  const codes = props.widget.data;
  return (
    <WidgetCard
      title={t(`widgets.labels.${props.widget.id}`, { defaultValue: props.widget.label })}
      widgetId={props.widget.id}
    >
      <QueryState query={query}>
        {(sites) => {
          const matching = sites.filter((s) => codes.includes(s.code));
          const shown = (matching.length ? matching : sites).slice(0, 2);
          if (shown.length === 0) return <p className="mb-0">{t('common.no_information')}</p>;
          return shown.map((site) => <HydroSite key={site.code} contractId={props.contractId} site={site} />);
        }}
      </QueryState>
    </WidgetCard>
  );
}
