import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { MapView, type MapFeature } from '@/components/map';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId, useCurrentUser } from '@/lib/auth/hooks';
import { formatDate } from '@/lib/i18n';
import { workQueries } from '../api/works';
import { WorkStatusBadge } from '../components/work-status-badge';
import { BackLink } from '@/components/ui/back-link';

export const SIGNAL_SERVICE = 'SIGNAL_NOTIFY';

/** /travaux/:workId: the work's data, its zone, and the user's areas for the signal notification service around it. */
export function Component() {
  const { t } = useTranslation();
  const workId = Number(useParams().workId);
  const contractId = useContractId();
  const user = useCurrentUser();
  const query = useQuery({
    ...workQueries.detail(contractId, workId),
    enabled: Number.isInteger(workId),
  });
  const organizations = useQuery({
    ...workQueries.organizations(contractId, user?.id ?? 0),
    enabled: !!user,
  });
  const shapes = useQuery({
    ...workQueries.shape(contractId, user?.id ?? 0, SIGNAL_SERVICE, false),
    enabled: !!user,
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadingErrorAlert />;
  const w = query.data;
  const organization =
    organizations.data?.find((o) => o.id === w.organizationId)?.label ?? `n° ${w.organizationId}`;
  const signalShapes: MapFeature[] = (shapes.data?.features ?? []).map((f, i) => ({
    id: `signal-area-${i}`,
    label: typeof f.properties?.label === 'string' ? f.properties.label : t('works.signal_area'),
    geoJson: f.geometry,
    color: '#6f42c1',
  }));
  const features: MapFeature[] = [
    ...signalShapes,
    ...(w.zone ? [{ id: 'zone', label: w.title, geoJson: w.zone, color: '#d63384' }] : []),
  ];

  return (
    <section>
      <PageTitle>{w.title}</PageTitle>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <BackLink to={paths.works.list} className="">
          {t('works.back')}
        </BackLink>
        <Link className="btn btn-sm btn-primary ms-auto" to={buildPath(paths.works.edit, { workId: w.id })}>
          {t('works.edit')}
        </Link>
      </div>
      <div className="row g-4">
        <section className="col-lg-6" aria-labelledby="work-data">
          <h2 id="work-data" className="h5">
            {t('works.data')}
          </h2>
          <dl className="row">
            <dt className="col-sm-4">{t('works.col.status')}</dt>
            <dd className="col-sm-8">
              <WorkStatusBadge status={w.currentStatus} />
            </dd>
            <dt className="col-sm-4">{t('works.field.organization')}</dt>
            <dd className="col-sm-8">{organization}</dd>
            <dt className="col-sm-4">{t('works.field.address')}</dt>
            <dd className="col-sm-8">{w.address || '-'}</dd>
            <dt className="col-sm-4">{t('works.field.start')}</dt>
            <dd className="col-sm-8">{formatDate(w.startDate)}</dd>
            <dt className="col-sm-4">{t('works.field.end')}</dt>
            <dd className="col-sm-8">{formatDate(w.endDate)}</dd>
            <dt className="col-sm-4">{t('works.field.description')}</dt>
            <dd className="col-sm-8">{w.description || '-'}</dd>
          </dl>
        </section>
        <section className="col-lg-6" aria-labelledby="work-map">
          <h2 id="work-map" className="h5">
            {t('works.zone')}
          </h2>
          <p className="small text-body-secondary">
            {w.zone ? null : t('works.no_zone')}{' '}
            {shapes.isError
              ? t('works.signal_areas_error')
              : t('works.signal_areas', { count: signalShapes.length })}
          </p>
          <MapView
            onDemand
            label={t('works.zone_map')}
            search={false}
            height={340}
            features={features}
            fitIds={w.zone ? ['zone'] : undefined}
          />
        </section>
      </div>
    </section>
  );
}
