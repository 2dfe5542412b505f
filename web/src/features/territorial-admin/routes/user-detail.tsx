import { useParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { UserDetailView } from '@/components/user-detail/user-detail';
import { useCurrentContract } from '@/lib/auth/hooks';

/**
 * /admin/contrat/:contractId/utilisateur/:userId and /gestion-territoriale/utilisateur/:userId.
 * The user id comes from the route; the contract id from the route, else the current contract.
 * Read-only for now: the territorial-admin issue adds the add and delete controls.
 */
export function Component() {
  const params = useParams();
  const { contractId: current } = useCurrentContract();
  const routeContract = Number(params.contractId);
  const contractId = Number.isInteger(routeContract) && routeContract > 0 ? routeContract : current;
  const backTo = params.contractId ? buildPath(paths.admin.contract, { contractId: params.contractId }) : paths.admin.territorial;
  return (
    <UserDetailView
      key={params.userId}
      userId={Number(params.userId)}
      contractId={contractId}
      backTo={backTo}
      readOnly
      tabs={['organizations', 'operators', 'areas']}
    />
  );
}
