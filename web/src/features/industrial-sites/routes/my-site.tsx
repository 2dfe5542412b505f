import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /mon-site: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.my_site" load={{ queryKey: ['contract', contractId, 'industrial-sites', 'mine'], url: '/api/user/industrial-site' }} />;
}
