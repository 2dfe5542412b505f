import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { buildPath, paths } from '@portal/contract/routes';
import { PageTitle } from '@/components/ui/page-title';
import { LoadingScreen } from '@/components/ui/spinner';
import { createSite, invalidateSites, type SiteInput } from '../api/admin-sites';
import { SiteForm } from '../components/admin/site-form';
import { useSiteContract } from '../components/admin/use-site-contract';

/**
 * /gestion-territoriale/site-industriel/creation[?contrat={id}]: a new site of the contract of the
 * parameter (opened from a contract's details) or of the current contract, then its edit screen.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contractId, sitesTab, link } = useSiteContract();
  const creation = useMutation({
    mutationFn: (input: SiteInput) => createSite(contractId!, input),
    onSuccess: () => invalidateSites(queryClient, contractId),
  });
  if (contractId === null) return <LoadingScreen />;
  return (
    <section className="site-create">
      <Link to={sitesTab} className="btn btn-link px-0 mb-2">
        ← {t('common.back')}
      </Link>
      <PageTitle>{t('screens.site_create')}</PageTitle>
      <SiteForm
        contractId={contractId}
        pending={creation.isPending}
        onCancel={() => void navigate(sitesTab)}
        onSubmit={async (input) => {
          const site = await creation.mutateAsync(input);
          void navigate(link(buildPath(paths.admin.industrialSite, { siteId: site.id })), { replace: true });
        }}
      />
    </section>
  );
}
