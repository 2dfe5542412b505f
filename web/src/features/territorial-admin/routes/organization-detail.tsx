import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** .../organisation-territoriale/:organizationId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { organizationId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.organization_detail" load={{ queryKey: ['contract', contractId, 'organizations', 'detail', organizationId], url: `/api/organization/${organizationId}` }} />;
}
