import { useQuery } from '@tanstack/react-query';
import { PAGING } from '@portal/contract/constants';
import { pageQuery } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { useCurrentUser, useSession } from '@/lib/auth/hooks';
import { boundsOf, unionBounds } from './geometry';

/**
 * Where a map opens when it has nothing of its own to show: the current contract's area as the
 * signed-in user sees it (their areas in the contract, a call every user may make about
 * themselves), or null (France, then).
 */
export function useContractAreaBounds(): [[number, number], [number, number]] | null {
  const user = useCurrentUser();
  const { contractId } = useSession();
  const areas = useQuery({
    ...endpointQuery(contractId, 'userAreas', {
      params: { userId: user?.id ?? 0 },
      query: { contractId: contractId ?? undefined, ...pageQuery(1, PAGING.allItems) },
    }),
    enabled: !!user && contractId !== null,
    staleTime: 5 * 60_000,
  });
  return unionBounds((areas.data?.data ?? []).map((area) => boundsOf(area.geoJson)));
}
