import { Outlet } from 'react-router-dom';
import { isContractSuperAdmin } from '@portal/contract/permissions';
import { LoadingScreen } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/hooks';
import { useReadyInSlices } from '@/lib/use-ready-in-slices';

/**
 * The contract gate: a loading screen while the user is not logged in, or is a contract super admin
 * without a current contract. The shell and the first screen behind it are rendered in slices.
 */
export function ContractGate() {
  const { status, user, contractId } = useSession();
  const ready = status === 'ready' && user !== null && !(isContractSuperAdmin(user) && contractId === null);
  return useReadyInSlices(ready) ? <Outlet /> : <LoadingScreen />;
}
