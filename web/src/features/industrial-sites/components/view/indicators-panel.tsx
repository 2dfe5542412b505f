import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { chartColor } from '@/components/charts/colors';
import { LineChart } from '@/components/charts/line-chart';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/i18n';
import {
  AGGREGATE_TYPES,
  siteViewQueries,
  type AggregateType,
  type IndicatorQuery,
  type IndicatorValue,
} from '../../api/view-site';
import { errorMessageKey } from '@/lib/error-message';
import { LoadFailure } from '@/components/ui/alerts';
import { isRetryableFailure } from '@/lib/read-in-place';
const DEFAULT_DAYS = 30;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The indicator query kept in the URL (aggregate, from, to, types), with defaults: the last 30 days by day. */
function useIndicatorQuery(): [IndicatorQuery, (changes: Record<string, string | null>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const today = new Date();
  const from = params.get('from');
  const to = params.get('to');
  const aggregate = params.get('aggregate');
  const query: IndicatorQuery = {
    aggregateType: (AGGREGATE_TYPES as readonly string[]).includes(aggregate ?? '')
      ? (aggregate as AggregateType)
      : 'DAY',
    startDate:
      from && DAY_RE.test(from)
        ? from
        : localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - DEFAULT_DAYS)),
    endDate: to && DAY_RE.test(to) ? to : localDay(today),
    typeCodes: (params.get('types') ?? '').split(',').filter(Boolean),
  };
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    const search = next.toString();
    // the fragment (#indicateurs) stays
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  };
  return [query, update];
}

function summarize(values: IndicatorValue[]) {
  const numbers = values.map((v) => v.value);
  return {
    count: values.length,
    min: Math.min(...numbers),
    max: Math.max(...numbers),
    last: numbers[numbers.length - 1] ?? 0,
    from: values[0]?.date,
    to: values[values.length - 1]?.date,
  };
}

/** The indicators of the site: type codes, aggregate type and date range chosen above one chart per indicator. */
export function IndicatorsPanel({ contractId, siteId }: { contractId: number; siteId: number }) {
  const { t } = useTranslation();
  const [query, update] = useIndicatorQuery();
  const badRange = query.endDate < query.startDate;
  const sources = useQuery(siteViewQueries.sources(contractId));
  const values = useQuery({ ...siteViewQueries.indicators(contractId, siteId, query), enabled: !badRange });

  const sourceOf = new Map((sources.data ?? []).map((s) => [s.typeCode, s]));
  const groups = new Map<string, IndicatorValue[]>();
  for (const v of values.data ?? []) groups.set(v.typeCode, [...(groups.get(v.typeCode) ?? []), v]);
  const pointDate = (iso: string) =>
    formatDate(
      iso,
      query.aggregateType === 'HOUR'
        ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }
        : { day: '2-digit', month: '2-digit', year: '2-digit' },
    );
  const toggleType = (code: string, on: boolean) => {
    const next = on ? [...new Set([...query.typeCodes, code])] : query.typeCodes.filter((c) => c !== code);
    update({ types: next.join(',') || null });
  };

  return (
    <>
      <Form className="d-flex flex-wrap gap-3 align-items-end mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group controlId="site-indicator-aggregate">
          <Form.Label>{t('my_site.aggregate')}</Form.Label>
          <Form.Select
            value={query.aggregateType}
            onChange={(e) => update({ aggregate: e.target.value === 'DAY' ? null : e.target.value })}
          >
            {AGGREGATE_TYPES.map((a) => (
              <option key={a} value={a}>
                {t(`my_site.aggregates.${a}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="site-indicator-from">
          <Form.Label>{t('my_site.from')}</Form.Label>
          <Form.Control
            type="date"
            value={query.startDate}
            onChange={(e) => update({ from: e.target.value || null })}
            isInvalid={badRange}
            aria-invalid={badRange}
          />
        </Form.Group>
        <Form.Group controlId="site-indicator-to">
          <Form.Label>{t('my_site.to')}</Form.Label>
          <Form.Control
            type="date"
            value={query.endDate}
            onChange={(e) => update({ to: e.target.value || null })}
            isInvalid={badRange}
            aria-invalid={badRange}
            aria-describedby="site-indicator-range-error"
          />
        </Form.Group>
      </Form>
      {badRange ? (
        <div role="alert" id="site-indicator-range-error" className="alert alert-danger">
          {t('my_site.errors.bad_date_range')}
        </div>
      ) : null}
      {sources.data ? (
        <fieldset className="mb-3">
          <legend className="h6">{t('my_site.indicators_filter')}</legend>
          <div className="d-flex flex-wrap gap-3">
            {sources.data.map((s) => (
              <Form.Check
                key={s.typeCode}
                id={`site-indicator-type-${s.typeCode}`}
                type="checkbox"
                label={s.label}
                checked={query.typeCodes.includes(s.typeCode)}
                onChange={(e) => toggleType(s.typeCode, e.target.checked)}
              />
            ))}
          </div>
          <p className="small text-body-secondary mb-0 mt-1">{t('my_site.indicators_filter_help')}</p>
        </fieldset>
      ) : null}
      {sources.isError && isRetryableFailure(sources.error) ? (
        <LoadFailure onRetry={sources.refetch} />
      ) : null}
      {values.isError && !isRetryableFailure(values.error) ? (
        <div role="alert" className="alert alert-warning">
          {values.error instanceof ApiError && values.error.status === 400
            ? t('my_site.errors.indicators', { message: t(errorMessageKey(values.error)) })
            : t('alert.loading_error')}
        </div>
      ) : null}
      {values.isError && isRetryableFailure(values.error) ? <LoadFailure onRetry={values.refetch} /> : null}
      {!badRange && values.isPending ? <Spinner label={t('my_site.loading_indicators')} /> : null}
      {!badRange && values.data && groups.size === 0 ? (
        <p className="text-body-secondary">{t('common.no_information')}</p>
      ) : null}
      {!badRange ? (
        <div className="row g-3" aria-busy={values.isFetching || undefined}>
          {[...groups.entries()].map(([code, series], index) => {
            const source = sourceOf.get(code);
            const label = source?.label ?? code;
            const unit = series[0]?.unit ?? source?.unit ?? '';
            const s = summarize(series);
            const summary = t('my_site.chart_summary', {
              label,
              count: s.count,
              from: pointDate(s.from ?? ''),
              to: pointDate(s.to ?? ''),
              min: s.min,
              max: s.max,
              last: s.last,
              unit,
            });
            return (
              <div key={code} className="col-12 col-xl-6">
                <div className="card h-100">
                  <div className="card-body">
                    <h3 className="h6 card-title">
                      {label} <span className="text-body-secondary fw-normal">({unit})</span>
                    </h3>
                    <LineChart
                      className="indicator-chart"
                      series={[{ key: 'value', label, color: chartColor(index) }]}
                      unit={unit}
                      domain="data"
                      height={260}
                      summary={t('my_site.chart_label', { label })}
                      data={series.map((v) => ({ x: pointDate(v.date), value: v.value }))}
                    />
                    <p className="small mb-0 mt-2">{summary}</p>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
