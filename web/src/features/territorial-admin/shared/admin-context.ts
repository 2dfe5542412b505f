import { useLocation, useParams } from 'react-router-dom';
import { buildPath, matchRoute, paths } from '@portal/contract/routes';
import { useCurrentContract, useGranted } from '@/lib/auth/hooks';

export type DetailKind = keyof typeof paths.adminDetail;

/**
 * Where the administration screens are mounted: under the contract details route
 * (/admin/contrat/:contractId, the contract from the route) or the territorial route
 * (/gestion-territoriale, the current contract). Detail routes are built from this base.
 */
export function useAdminContext(): { contractId: number | null; base: string; territorial: boolean } {
  const params = useParams();
  const { pathname } = useLocation();
  const { contractId: current } = useCurrentContract();
  const fromRoute = Number(params.contractId);
  if (pathname.startsWith(paths.admin.contracts) && Number.isInteger(fromRoute) && fromRoute > 0) {
    return {
      contractId: fromRoute,
      base: buildPath(paths.admin.contract, { contractId: fromRoute }),
      territorial: false,
    };
  }
  return { contractId: current, base: paths.admin.territorial, territorial: true };
}

/** The path of a detail screen, and whether the signed-in user may open it (the route table's rights). */
export function useDetailLink(kind: DetailKind): (id: number) => string | null {
  const { base } = useAdminContext();
  const pattern = `${base}${paths.adminDetail[kind]}`;
  const rule = matchRoute(pattern.replace(/:[A-Za-z]+/g, '1'));
  const allowed = useGranted(rule?.rights ?? []);
  const param = { area: 'areaId', organization: 'organizationId', operator: 'operatorId', user: 'userId' }[
    kind
  ];
  return (id) => (allowed ? buildPath(`${base}${paths.adminDetail[kind]}`, { [param]: id }) : null);
}
