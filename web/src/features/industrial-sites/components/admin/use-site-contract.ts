import { useSearchParams } from 'react-router-dom';
import { buildPath, paths } from '@portal/contract/routes';
import { useCurrentContract } from '@/lib/auth/hooks';

/** The query parameter that carries the contract when the site screens are opened from a contract's details. */
const CONTRACT_PARAM = 'contrat';

const SITES_FRAGMENT = '#sites-industriels';

/**
 * The contract the site screens work on: the `?contrat={id}` parameter when present (opened from
 * /admin/contrat/{id}#sites-industriels), else the current contract. `sitesTab` is where Back and
 * Cancel return (the sites tab the user came from); `link` keeps the parameter on the next screen.
 */
export function useSiteContract(): {
  contractId: number | null;
  sitesTab: string;
  link: (path: string) => string;
} {
  const [search] = useSearchParams();
  const { contractId: current } = useCurrentContract();
  const fromRoute = Number(search.get(CONTRACT_PARAM) ?? Number.NaN);
  if (Number.isInteger(fromRoute) && fromRoute > 0) {
    return {
      contractId: fromRoute,
      sitesTab: `${buildPath(paths.admin.contract, { contractId: fromRoute })}${SITES_FRAGMENT}`,
      link: (path) => `${path}?${CONTRACT_PARAM}=${fromRoute}`,
    };
  }
  return {
    contractId: current,
    sitesTab: `${paths.admin.territorial}${SITES_FRAGMENT}`,
    link: (path) => path,
  };
}
