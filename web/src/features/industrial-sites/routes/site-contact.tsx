import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /gestion-territoriale/site-industriel/:siteId/contact[/:contactId]: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { siteId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.site_contact" load={{ queryKey: ['contract', contractId, 'industrial-sites', 'detail', siteId], url: `/api/industrial-site/${siteId}` }} />;
}
