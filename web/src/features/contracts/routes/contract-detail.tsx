import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /admin/contrat/:contractId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { contractId: routeContractId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.contract_detail" load={{ queryKey: ['contract', contractId, 'contracts', 'detail', routeContractId], url: `/api/contract/${routeContractId}` }} />;
}
