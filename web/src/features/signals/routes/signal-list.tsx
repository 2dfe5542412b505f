import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /signalement: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.signal_list" load={{ queryKey: ['contract', contractId, 'signals', 'list'], url: '/api/signal', params: { contract: contractId, currentPage: 1, itemsPerPage: 20 } }} />;
}
