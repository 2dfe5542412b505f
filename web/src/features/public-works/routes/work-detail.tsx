import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /travaux/:workId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { workId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.work_detail" load={{ queryKey: ['contract', contractId, 'public-works', 'detail', workId], url: `/api/public-work/${workId}` }} />;
}
