import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { LoadFailure } from '@/components/ui/alerts';
import { useContractId } from '@/lib/auth/hooks';
import { frameUrl, thingsBoardQueries, type ThingsBoardDashboard } from '../api/things-board';

function DashboardFrame({
  dashboard,
  contractId,
}: {
  dashboard: ThingsBoardDashboard;
  contractId: number | null;
}) {
  const { t } = useTranslation();
  const token = useQuery(thingsBoardQueries.userToken(contractId));
  if (token.isError) return <LoadFailure onRetry={token.refetch} />;
  if (!token.isSuccess) return <Spinner />;
  return (
    <iframe
      className="iot-frame border rounded w-100"
      style={{ minHeight: '75vh' }}
      title={t('iot.frame', { title: dashboard.title })}
      src={frameUrl(dashboard, token.data)}
      sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      allowFullScreen
    />
  );
}

/**
 * /api/thingsboard/dashboards: loads the user's dashboards; with exactly one it opens it, otherwise
 * it lists them (the chosen one is kept in the URL). The frame receives the user's access token.
 * A failed load is said in place with its retry (a refused one goes to the error pages).
 */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const [params, setParams] = useSearchParams();
  const dashboards = useQuery(thingsBoardQueries.dashboards(contractId));
  const list = dashboards.data ?? [];
  const chosen = list.length === 1 ? list[0] : list.find((d) => d.id === params.get('dashboard'));

  return (
    <section className="iot-workspace">
      <PageTitle>{chosen ? chosen.title : t('screens.things_board')}</PageTitle>
      {dashboards.isPending ? <Spinner /> : null}
      {dashboards.isError ? <LoadFailure onRetry={dashboards.refetch} /> : null}
      {dashboards.isSuccess && list.length === 0 ? <p>{t('iot.no_dashboard')}</p> : null}
      {chosen ? (
        <>
          {list.length > 1 ? (
            <button type="button" className="btn btn-link px-0 mb-2" onClick={() => setParams({})}>
              {t('iot.back_to_list')}
            </button>
          ) : null}
          <DashboardFrame dashboard={chosen} contractId={contractId} />
        </>
      ) : null}
      {!chosen && list.length > 1 ? (
        <>
          <h2 className="h5">{t('iot.dashboards')}</h2>
          <ul className="list-group">
            {list.map((d) => (
              <li key={d.id} className="list-group-item d-flex justify-content-between align-items-center">
                <span>{d.title}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  onClick={() => setParams({ dashboard: d.id })}
                >
                  {t('iot.open')}
                  <span className="visually-hidden"> {d.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
