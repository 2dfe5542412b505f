import { Outlet } from 'react-router-dom';
import { isContractSuperAdmin } from '@portal/contract/permissions';
import { LoadingScreen } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/hooks';

/** The contract gate: a loading screen while the user is not logged in, or is a contract super admin without a current contract. */
export function ContractGate() {
  const { status, user, contractId } = useSession();
  if (status !== 'ready' || !user || (isContractSuperAdmin(user) && contractId === null)) {
    return <LoadingScreen />;
  }
  return <Outlet />;
}
