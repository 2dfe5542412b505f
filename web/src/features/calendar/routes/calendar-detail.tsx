import { useParams } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useCurrentContract } from '@/lib/auth/hooks';

/** /calendrier/:calendrierId: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  const { calendrierId } = useParams();
  const { contractId } = useCurrentContract();
  return <PagePlaceholder titleKey="screens.calendar_detail" load={{ queryKey: ['contract', contractId, 'calendars', 'detail', calendrierId], url: `/api/calendar/${calendrierId}` }} />;
}
