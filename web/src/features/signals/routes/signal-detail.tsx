import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /signalement/signal/:signalId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { signalId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.signal_detail" load={{ queryKey: ['contract', contractId, 'signals', 'detail', signalId], url: `/api/signal/${signalId}` }} />;
}
