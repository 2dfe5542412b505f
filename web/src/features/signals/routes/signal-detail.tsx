import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { ROLES } from '@portal/contract/roles';
import { MapView } from '@/components/map';
import { LoadFailure } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId, useGranted, useGrantedForContract } from '@/lib/auth/hooks';
import { DATE_TIME, formatDate } from '@/lib/i18n';
import { signalQueries } from '../api/signals';
import { SignalHistory } from '../components/signal-history';
import { SignalPhoto } from '../components/signal-photo';
import { SignalStatusChange } from '../components/signal-status-change';
import { SignalStatusBadge } from '../components/signal-status-badge';
import { BackLink } from '@/components/ui/back-link';

/** /signalement/signal/:signalId: the signal's data, its location on a map, photos and history. */
export function Component() {
  const { t } = useTranslation();
  const signalId = Number(useParams().signalId);
  const contractId = useContractId();
  const query = useQuery({
    ...signalQueries.detail(contractId, signalId),
    enabled: Number.isInteger(signalId),
  });
  const canRequest = useGranted([ROLES.REQUEST, ROLES.REQUEST_OPERATOR]);
  const canOperate = useGrantedForContract([ROLES.SIGNAL_OPERATOR, ROLES.ZEUS_SIGNAL]);

  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <section>
        <PageTitle>{t('signals.detail_title', { id: signalId })}</PageTitle>
        <BackLink to={paths.signals.list} className="d-inline-block mb-3">
          {t('signals.back')}
        </BackLink>
        <LoadFailure onRetry={query.refetch} />
      </section>
    );
  const s = query.data;

  return (
    <section>
      <PageTitle>{t('signals.detail_title', { id: s.id })}</PageTitle>
      <BackLink to={paths.signals.list} className="d-inline-block mb-3">
        {t('signals.back')}
      </BackLink>
      <div className="row g-4">
        <div className="col-lg-6">
          <section aria-labelledby="signal-data">
            <h2 id="signal-data" className="h5">
              {t('signals.data')}
            </h2>
            <dl className="row">
              <dt className="col-sm-4">{t('signals.col.status')}</dt>
              <dd className="col-sm-8">
                <SignalStatusBadge status={s.status} />
              </dd>
              <dt className="col-sm-4">{t('signals.col.category')}</dt>
              <dd className="col-sm-8">{s.category.label}</dd>
              <dt className="col-sm-4">{t('signals.col.description')}</dt>
              <dd className="col-sm-8">{s.description}</dd>
              <dt className="col-sm-4">{t('signals.col.address')}</dt>
              <dd className="col-sm-8">{s.address || '-'}</dd>
              <dt className="col-sm-4">{t('signals.created_at')}</dt>
              <dd className="col-sm-8">{formatDate(s.createdAt, DATE_TIME)}</dd>
              <dt className="col-sm-4">{t('signals.author')}</dt>
              <dd className="col-sm-8">{s.author}</dd>
              <dt className="col-sm-4">{t('signals.col.request')}</dt>
              <dd className="col-sm-8">
                {s.requestId ? (
                  canRequest ? (
                    <Link to={buildPath(paths.requests.detail, { requestId: s.requestId })}>
                      {t('signals.linked_request', { id: s.requestId })}
                    </Link>
                  ) : (
                    t('signals.linked_request', { id: s.requestId })
                  )
                ) : canRequest ? (
                  <Link
                    className="btn btn-sm btn-outline-primary"
                    to={buildPath(paths.requests.fromSignal, { signalId: s.id })}
                  >
                    {t('signals.to_request')}
                  </Link>
                ) : (
                  '-'
                )}
              </dd>
            </dl>
          </section>
          <section aria-labelledby="signal-photos">
            <h2 id="signal-photos" className="h5">
              {t('signals.photos')}
            </h2>
            {s.photos.length === 0 ? (
              <p className="text-body-secondary">{t('signals.no_photo')}</p>
            ) : (
              <div className="d-flex flex-wrap gap-2">
                {s.photos.map((p) => (
                  <SignalPhoto
                    key={p.photoId}
                    contractId={contractId}
                    photoId={p.photoId}
                    fileName={p.fileName}
                  />
                ))}
              </div>
            )}
          </section>
        </div>
        <div className="col-lg-6">
          <h2 className="h5">{t('signals.location')}</h2>
          <MapView
            onDemand
            label={t('signals.location_map')}
            search={false}
            height={300}
            features={[
              {
                id: s.id,
                label: s.address,
                geoJson: { type: 'Point', coordinates: [s.location.lng, s.location.lat] },
                color: s.category.color,
              },
            ]}
          />
        </div>
      </div>
      {canOperate ? <SignalStatusChange contractId={contractId} signal={s} /> : null}
      <SignalHistory history={s.history} />
    </section>
  );
}
