import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { ROLES } from '@portal/contract/roles';
import { PAGING } from '@portal/contract/constants';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useListState } from '@/components/ui/use-list-state';
import { useGrantedForContract, useSession } from '@/lib/auth/hooks';
import {
  interventionQueries,
  interventionSearchDefaults,
  STATUS_CODES,
  STATUS_TEXT,
  type InterventionSearch,
} from '../api/interventions';
import { DashboardTabs } from '../components/dashboard-tabs';

// Leaflet loads with the map screens only
const InterventionMap = lazy(() => import('../components/intervention-map'));
// The search form (react-hook-form and zod) loads with the intervention tab only, fetched ahead
// as soon as the pointer or the focus reaches that tab's link.
const loadSearchForm = () => import('../components/intervention-search-form');
const InterventionSearchForm = lazy(() =>
  loadSearchForm().then((m) => ({ default: m.InterventionSearchForm })),
);

const ALL: InterventionSearch = {
  status: [...STATUS_CODES],
  currentPage: PAGING.defaultPage,
  itemsPerPage: PAGING.allItems,
};
type MapTab = 'dashboard' | 'interventions';

/** /cartographie: the map, with a dashboard tab (every intervention) and an intervention tab (the search). */
export function Component() {
  const { t, i18n } = useTranslation();
  const { contractId } = useSession();
  const list = useListState();
  const tab: MapTab = list.tab === 'interventions' ? 'interventions' : 'dashboard';
  const canSeeInterventions = useGrantedForContract([ROLES.ITV]);
  const [search, setSearch] = useState<InterventionSearch>(() => interventionSearchDefaults());
  const current = tab === 'interventions' ? search : ALL;
  const query = useQuery({
    ...interventionQueries.list(contractId ?? 0, current),
    enabled: contractId !== null && canSeeInterventions,
  });
  const items = query.data?.items ?? [];
  const day = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const tabs: { id: MapTab; label: string }[] = [
    { id: 'dashboard', label: t('dashboard.map_dashboard_tab') },
    { id: 'interventions', label: t('dashboard.map_interventions_tab') },
  ];

  return (
    <section className="map-screen">
      <PageTitle>{t('screens.map')}</PageTitle>
      <DashboardTabs />
      <nav aria-label={t('dashboard.map_tabs')} className="mb-3">
        <ul className="nav nav-pills">
          {tabs.map((item) => (
            <li className="nav-item" key={item.id}>
              <Link
                to={item.id === 'dashboard' ? '?' : `?tab=${item.id}`}
                className={`nav-link ${tab === item.id ? 'active' : ''}`}
                aria-current={tab === item.id ? 'page' : undefined}
                onPointerEnter={item.id === 'interventions' ? () => void loadSearchForm() : undefined}
                onFocus={item.id === 'interventions' ? () => void loadSearchForm() : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'interventions' && canSeeInterventions ? (
        <Suspense fallback={<Spinner />}>
          <InterventionSearchForm value={search} onSearch={setSearch} />
        </Suspense>
      ) : null}
      {!canSeeInterventions ? (
        <p className="text-body-secondary">{t('dashboard.no_intervention_access')}</p>
      ) : null}
      {query.isError ? <LoadingErrorAlert /> : null}
      {canSeeInterventions && query.isSuccess ? (
        <p role="status" className="mb-2">
          {t('dashboard.interventions_count', { count: query.data.total })}
        </p>
      ) : null}
      {canSeeInterventions && query.isPending ? <Spinner /> : null}
      <Suspense
        fallback={
          <div className="map-placeholder" style={{ height: 480 }}>
            <Spinner />
          </div>
        }
      >
        <InterventionMap interventions={items} label={t('dashboard.map_label')} />
      </Suspense>
      {items.length > 0 ? (
        <table className="table table-sm mt-3">
          <caption className="visually-hidden">{t('dashboard.interventions_table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.intervention')}</th>
              <th scope="col">{t('dashboard.status')}</th>
              <th scope="col">{t('dashboard.address')}</th>
              <th scope="col">{t('dashboard.period')}</th>
              <th scope="col">{t('dashboard.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id}>
                <td>{i.label}</td>
                <td>{t(`dashboard.intervention_status.${STATUS_TEXT[i.status]}`)}</td>
                <td>{i.address}</td>
                <td>{t('dashboard.from_to', { start: day(i.startDate), end: day(i.endDate) })}</td>
                <td>
                  {[
                    i.outcome.waterSupplyStopped ? t('dashboard.water_supply_stopped') : null,
                    i.outcome.streetClosed ? t('dashboard.street_closed') : null,
                  ]
                    .filter(Boolean)
                    .join(', ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
