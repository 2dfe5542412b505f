import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { ROLES } from '@portal/contract/roles';
import { LoadFailure } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId, useGranted, useGrantedForContract } from '@/lib/auth/hooks';
import { DATE_TIME, formatDate } from '@/lib/i18n';
import { requestQueries } from '../api/requests';
import { RequestHistory } from '../components/request-history';
import { RequestProcessing } from '../components/request-processing';
import { RequestStatusBadge } from '../components/request-status-badge';
import { BackLink } from '@/components/ui/back-link';

/** /demande/:requestId: the request, its status and history; a request operator processes it here. */
export function Component() {
  const { t } = useTranslation();
  const requestId = Number(useParams().requestId);
  const contractId = useContractId();
  const query = useQuery({
    ...requestQueries.detail(contractId, requestId),
    enabled: Number.isInteger(requestId),
  });
  const canProcess = useGrantedForContract([ROLES.REQUEST_OPERATOR]);
  const canSeeSignals = useGranted([ROLES.SIGNAL_NOTIFY, ROLES.SIGNAL_OPERATOR, ROLES.ZEUS_SIGNAL]);
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <section>
        <PageTitle>{t('requests.detail_title', { id: requestId })}</PageTitle>
        <BackLink to={paths.requests.list} className="d-inline-block mb-3">
          {t('requests.back')}
        </BackLink>
        <LoadFailure onRetry={query.refetch} />
      </section>
    );
  const r = query.data;
  return (
    <section>
      <PageTitle>{t('requests.detail_title', { id: r.id })}</PageTitle>
      <BackLink to={paths.requests.list} className="d-inline-block mb-3">
        {t('requests.back')}
      </BackLink>
      <dl className="row">
        <dt className="col-sm-3">{t('requests.col.status')}</dt>
        <dd className="col-sm-9">
          <RequestStatusBadge status={r.status} />
        </dd>
        <dt className="col-sm-3">{t('requests.field.type')}</dt>
        <dd className="col-sm-9">{r.requestType.label}</dd>
        <dt className="col-sm-3">{t('requests.field.title')}</dt>
        <dd className="col-sm-9">{r.title || t('requests.untitled')}</dd>
        <dt className="col-sm-3">{t('requests.field.description')}</dt>
        <dd className="col-sm-9">{r.description || '-'}</dd>
        <dt className="col-sm-3">{t('requests.field.address')}</dt>
        <dd className="col-sm-9">{r.address || '-'}</dd>
        <dt className="col-sm-3">{t('requests.author')}</dt>
        <dd className="col-sm-9">{r.author}</dd>
        <dt className="col-sm-3">{t('requests.created_at')}</dt>
        <dd className="col-sm-9">{formatDate(r.createdAt, DATE_TIME)}</dd>
        <dt className="col-sm-3">{t('requests.col.updated')}</dt>
        <dd className="col-sm-9">{formatDate(r.updatedAt, DATE_TIME)}</dd>
        <dt className="col-sm-3">{t('requests.col.signal')}</dt>
        <dd className="col-sm-9">
          {r.signalId ? (
            canSeeSignals ? (
              <Link to={buildPath(paths.signals.detail, { signalId: r.signalId })}>
                {t('requests.signal_link', { id: r.signalId })}
              </Link>
            ) : (
              t('requests.signal_link', { id: r.signalId })
            )
          ) : (
            '-'
          )}
        </dd>
      </dl>
      {r.status === 'DRAFT' ? (
        <Link className="btn btn-primary" to={buildPath(paths.requests.draft, { requestId: r.id })}>
          {t('requests.resume')}
        </Link>
      ) : null}
      {canProcess && r.status !== 'DRAFT' ? <RequestProcessing contractId={contractId} request={r} /> : null}
      <RequestHistory history={r.history} />
    </section>
  );
}
