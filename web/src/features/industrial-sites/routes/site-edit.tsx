import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingScreen } from '@/components/ui/spinner';
import { invalidateSites, siteAdminQueries, updateSite, type SiteInput } from '../api/admin-sites';
import { SiteForm } from '../components/admin/site-form';
import { SiteContacts, SiteMetadata, SitePhotos } from '../components/admin/site-sections';
import { useSiteContract } from '../components/admin/use-site-contract';
import { BackLink } from '@/components/ui/back-link';

/** /gestion-territoriale/site-industriel/:siteId[?contrat={id}]: edit the site, its contacts, photos and metadata (the contract as useSiteContract reads it). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const siteId = Number(useParams().siteId);
  const { contractId, sitesTab } = useSiteContract();
  const site = useQuery({
    ...siteAdminQueries.detail(contractId, siteId),
    enabled: contractId !== null && Number.isInteger(siteId),
  });
  const update = useMutation({
    mutationFn: (input: SiteInput) => updateSite(siteId, input),
    onSuccess: () => invalidateSites(queryClient, contractId),
  });
  if (contractId === null) return <LoadingScreen />;
  return (
    <section className="site-edit">
      <BackLink to={sitesTab}>← {t('common.back')}</BackLink>
      <PageTitle>
        {site.data
          ? t('industrial_sites_admin.edit_title', { label: site.data.name })
          : t('screens.site_edit')}
      </PageTitle>
      {site.isError ? <LoadingErrorAlert /> : null}
      {site.isPending && !site.isError ? <LoadingScreen /> : null}
      {site.data ? (
        <>
          {update.isSuccess ? (
            <div className="alert alert-success" role="status">
              {t('industrial_sites_admin.saved')}
            </div>
          ) : null}
          <SiteForm
            key={site.data.id}
            contractId={contractId}
            site={site.data}
            pending={update.isPending}
            onCancel={() => void navigate(sitesTab)}
            onSubmit={(input) => update.mutateAsync(input)}
          />
          <SiteContacts contractId={contractId} siteId={site.data.id} />
          <SitePhotos contractId={contractId} site={site.data} />
          <SiteMetadata contractId={contractId} site={site.data} />
        </>
      ) : null}
    </section>
  );
}
