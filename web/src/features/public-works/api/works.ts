/** The public-works calls (contract/src/endpoints/operations.ts) and the user lookups the forms need. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { WORK_STATUSES as CONTRACT_WORK_STATUSES } from '@portal/contract/statuses';
import type { z } from 'zod';
import type { Geometry, Organization, PublicWork, publicWorkInput, publicWorkStatus } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { callData, contractPageParams, pageQuery } from '@/lib/api-client';
import { endpointQuery, invalidateEndpoints, listingQuery } from '@/lib/endpoint-query';

export type WorkStatus = z.infer<typeof publicWorkStatus>;
export type WorkInput = z.input<typeof publicWorkInput>;
/** the contract's statuses of a public work */
export const WORK_STATUSES: readonly WorkStatus[] = CONTRACT_WORK_STATUSES;
export interface GeoShape {
  type: 'FeatureCollection';
  features: { type: 'Feature'; geometry: Geometry | null; properties: Record<string, unknown> | null }[];
}

export interface WorkListQuery {
  page: number;
  q: string;
  status: WorkStatus | null;
  perPage?: number;
}

export async function createWork(input: WorkInput): Promise<PublicWork> {
  return callData('createPublicWork', { body: input }, { errors: 'local' });
}

export async function updateWork(workId: number, input: WorkInput): Promise<PublicWork> {
  return callData('updatePublicWork', { params: { workId }, body: input }, { errors: 'local' });
}

export const workQueries = {
  // a failed page is the list's to show (a warning with a retry), never the error page
  list: (contractId: number, query: WorkListQuery) =>
    listingQuery(contractId, 'listPublicWorks', {
      query: contractPageParams(contractId, query.page, { q: query.q, status: query.status }, query.perPage),
    }),
  /** the works counted by current status */
  stats: (contractId: number) =>
    endpointQuery(contractId, 'publicWorkStats', {
      query: {
        contract: contractId,
        aggregateBy: 'currentStatus',
        statuses: [...WORK_STATUSES],
        withPagination: false,
      },
    }),
  detail: (contractId: number, workId: number) =>
    endpointQuery(contractId, 'getPublicWork', { params: { workId } }, { failures: 'in-place' }),
  organizations: (contractId: number, userId: number) =>
    queryOptions({
      ...endpointQuery(
        contractId,
        'userOrganizations',
        { params: { userId }, query: { contractId, ...pageQuery(1, PAGING.allItems) } },
        { failures: 'in-place' },
      ),
      select: (page): Organization[] => page.data,
      staleTime: 5 * 60_000,
    }),
  /** the user's geographic shape for a service (merged into one MultiPolygon when asked) */
  shape: (contractId: number, userId: number, serviceCode: string, merged: boolean) =>
    queryOptions({
      ...endpointQuery(
        contractId,
        'userGeoshape',
        { params: { userId }, query: { contractId, serviceCode, merged } },
        { failures: 'in-place' },
      ),
      select: (shape) => shape as GeoShape,
      staleTime: 5 * 60_000,
    }),
  mapServer: (contractId: number, organizationId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'mapServerSettings', {
        params: { contractId },
        query: { organizationId },
      }),
      retry: false,
    }),
};

/** What a saved work alters: the work lists, their counts (the dashboard's too) and the work itself. */
const WORK_READS = ['listPublicWorks', 'publicWorkStats', 'getPublicWork'] as const;

export const invalidateWorks = (client: QueryClient, contractId: number) =>
  invalidateEndpoints(client, contractId, WORK_READS);
