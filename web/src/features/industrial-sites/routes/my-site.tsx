import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router-dom';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useContractId } from '@/lib/auth/hooks';
import { siteViewQueries } from '../api/view-site';
import { IndicatorsPanel } from '../components/view/indicators-panel';
import { PhotoCarousel } from '../components/view/photo-carousel';
import { SiteDetails } from '../components/view/site-details';

const FRAGMENTS = { indicators: 'indicateurs', details: 'details' } as const;

/**
 * /mon-site: the industrial-site user's sheet, with the fragments #indicateurs (indicator charts:
 * type codes, aggregate type, date range) and #details (photos 360 px high, identity, metadata, contacts).
 */
export function Component() {
  const { t } = useTranslation();
  const contractId = useContractId();
  const { hash } = useLocation();
  const site = useQuery({ ...siteViewQueries.mine(contractId) });
  const ready = site.isSuccess;

  // a fragment in the address opens at its section once the sheet is there
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  if (site.isPending) return <Spinner />;
  if (site.isError) {
    return (
      <section>
        <PageTitle>{t('screens.my_site')}</PageTitle>
        <LoadingErrorAlert />
      </section>
    );
  }
  const data = site.data;
  return (
    <section>
      <PageTitle>{data.name}</PageTitle>
      <p className="text-body-secondary">{data.industrialSiteType.label}</p>
      <nav aria-label={t('my_site.sections')} className="mb-3">
        <ul className="nav nav-pills">
          <li className="nav-item">
            <a
              className={`nav-link ${hash === `#${FRAGMENTS.indicators}` ? 'active' : ''}`}
              href={`#${FRAGMENTS.indicators}`}
              aria-current={hash === `#${FRAGMENTS.indicators}` ? 'location' : undefined}
            >
              {t('my_site.indicators')}
            </a>
          </li>
          <li className="nav-item">
            <a
              className={`nav-link ${hash === `#${FRAGMENTS.details}` ? 'active' : ''}`}
              href={`#${FRAGMENTS.details}`}
              aria-current={hash === `#${FRAGMENTS.details}` ? 'location' : undefined}
            >
              {t('my_site.details')}
            </a>
          </li>
        </ul>
      </nav>
      <section id={FRAGMENTS.indicators} aria-labelledby="my-site-indicators" className="mb-5" tabIndex={-1}>
        <h2 id="my-site-indicators" className="h4">
          {t('my_site.indicators')}
        </h2>
        <IndicatorsPanel contractId={contractId} siteId={data.id} />
      </section>
      <section id={FRAGMENTS.details} aria-labelledby="my-site-details" tabIndex={-1}>
        <h2 id="my-site-details" className="h4">
          {t('my_site.details')}
        </h2>
        <h3 className="h6">{t('my_site.photos')}</h3>
        <div className="mb-4" style={{ maxWidth: 720 }}>
          <PhotoCarousel contractId={contractId} photos={data.photos} />
        </div>
        <SiteDetails site={data} />
      </section>
    </section>
  );
}
