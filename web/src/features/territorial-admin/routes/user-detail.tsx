import { useParams } from 'react-router-dom';
import { UserDetailView } from '@/components/user-detail/user-detail';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAdminContext } from '../shared/admin-context';

/** .../utilisateur/:userId: the user detail screen (map, about box, tabs) with a back button to the contract. */
export function Component() {
  const { contractId, base } = useAdminContext();
  const userId = Number(useParams().userId);
  if (contractId === null) return <LoadingScreen />;
  return (
    <UserDetailView key={userId} userId={userId} contractId={contractId} backTo={`${base}#utilisateurs`} />
  );
}
