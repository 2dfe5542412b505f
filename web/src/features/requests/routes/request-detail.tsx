import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /demande/:requestId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { requestId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.request_detail" load={{ queryKey: ['contract', contractId, 'requests', 'detail', requestId], url: `/api/request/${requestId}` }} />;
}
