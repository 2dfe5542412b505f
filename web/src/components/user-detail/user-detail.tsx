import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { PAGING } from '@portal/contract/constants';
import { MapView, type MapFeature } from '@/components/map';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { LoadFailure } from '@/components/ui/alerts';
import { userDetailQueries } from './queries';
import { AreasTab, ContractsTab, OrganizationsTab } from './user-detail-tabs';
import { BackLink } from '@/components/ui/back-link';
import { FragmentTabs } from '@/components/ui/fragment-tabs';

const USER_TABS = ['organizations', 'operators', 'areas', 'contracts'] as const;
export type UserTab = (typeof USER_TABS)[number];

const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

/**
 * The user detail screen (portal.md section 2): back button, name title, about box, a map of the
 * user's areas, and tabs (selected through the URL fragment; the first by default).
 * `readOnly` (the profile view, portal.md section 6) leaves out every editing control: the remove
 * actions of the organizations and operators tabs and their confirmation.
 */
export function UserDetailView({
  userId,
  contractId,
  backTo,
  readOnly = false,
  tabs = USER_TABS,
}: {
  userId: number;
  contractId: number | null;
  backTo: string;
  readOnly?: boolean;
  tabs?: readonly UserTab[];
}) {
  const { t } = useTranslation();
  const user = useQuery(userDetailQueries.detail(contractId, userId));
  const userName = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : '';
  const mapAreas = useQuery(userDetailQueries.areas(contractId, userId, 1, PAGING.allItems));

  const features: MapFeature[] = (mapAreas.data?.data ?? []).map((area) => ({
    id: area.id,
    label: area.label,
    keywords: [area.name, area.postalCode ?? '', ...area.divisions.flatMap((d) => [d.label, d.postalCode])],
    geoJson: area.geoJson,
  }));

  return (
    <section className="user-detail">
      <BackLink to={backTo}>← {t('common.back')}</BackLink>
      {user.isPending ? <Spinner /> : null}
      {user.isError ? (
        <>
          <PageTitle>{t('screens.user_detail')}</PageTitle>
          <LoadFailure onRetry={user.refetch} />
        </>
      ) : null}
      {user.data ? (
        <>
          <PageTitle>
            {user.data.firstName} {user.data.lastName}
          </PageTitle>
          <div className="row g-3 mb-4">
            <div className="col-lg-4">
              <section className="card h-100" aria-labelledby="user-about">
                <div className="card-body">
                  <h2 id="user-about" className="h5 card-title">
                    {t('user_detail.about')}
                  </h2>
                  <dl className="about-list mb-0">
                    <dt>{t('user_detail.identity')}</dt>
                    <dd>{dash(`${user.data.firstName} ${user.data.lastName}`.trim())}</dd>
                    <dt>{t('user_detail.profile_type')}</dt>
                    <dd>
                      {dash(
                        user.data.type
                          ? t(`user_types.${user.data.type}`, { defaultValue: user.data.type })
                          : null,
                      )}
                    </dd>
                    <dt>{t('user_detail.email')}</dt>
                    <dd>{dash(user.data.username)}</dd>
                    <dt>{t('user_detail.phone')}</dt>
                    <dd>{dash(user.data.mobilePhone)}</dd>
                  </dl>
                </div>
              </section>
            </div>
            <div className="col-lg-8">
              <MapView onDemand features={features} label={t('user_detail.map_label')} height={320} />
            </div>
          </div>
          <FragmentTabs
            id="user-detail-tabs"
            tabs={tabs.map((tab) => ({
              key: tab,
              title: t(`user_detail.tabs.${tab}`),
              render: () =>
                tab === 'areas' ? (
                  <AreasTab userId={userId} contractId={contractId} />
                ) : tab === 'contracts' ? (
                  <ContractsTab userId={userId} />
                ) : (
                  <OrganizationsTab
                    userId={userId}
                    contractId={contractId}
                    type={tab === 'operators' ? 'Operator' : 'Community'}
                    userName={userName}
                    readOnly={readOnly}
                  />
                ),
            }))}
          />
        </>
      ) : null}
    </section>
  );
}
