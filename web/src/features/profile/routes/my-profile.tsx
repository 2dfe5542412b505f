import { paths } from '@portal/contract/routes';
import { UserDetailView } from '@/components/user-detail/user-detail';
import { useCurrentContract, useCurrentUser } from '@/lib/auth/hooks';

/** /mon-profil: the user detail screen of the signed-in user, read-only. */
export function Component() {
  const user = useCurrentUser();
  const { contractId } = useCurrentContract();
  if (!user) return null;
  return <UserDetailView userId={user.id} contractId={contractId} backTo={paths.home} readOnly />;
}
