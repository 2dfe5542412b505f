import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /admin/contrat/:contractId/area/:areaId and /gestion-territoriale/area/:areaId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { areaId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.area_detail" load={{ queryKey: ['contract', contractId, 'areas', 'detail', areaId], url: `/api/area/${areaId}` }} />;
}
