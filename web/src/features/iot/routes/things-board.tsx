import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /api/thingsboard/dashboards: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.things_board" load={{ queryKey: ['contract', contractId, 'iot', 'dashboards'], url: '/api/thingsboard/dashboards' }} />;
}
