import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** .../exploitant/:operatorId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { operatorId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.operator_detail" load={{ queryKey: ['contract', contractId, 'organizations', 'detail', operatorId], url: `/api/organization/${operatorId}` }} />;
}
