/** The public-works calls (contract/src/endpoints/operations.ts) and the user lookups the forms need. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { WORK_STATUSES as CONTRACT_WORK_STATUSES } from '@portal/contract/statuses';
import type { z } from 'zod';
import type {
  Geometry,
  mapServerSettings,
  Organization,
  PublicWork,
  publicWorkInput,
  publicWorkStats,
  publicWorkStatus,
} from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { call, callData, contractPageParams, pageQuery } from '@/lib/api-client';
import { readInPlace } from '@/lib/read-in-place';
import { contractKey } from '@/lib/query-keys';

export type WorkStatus = z.infer<typeof publicWorkStatus>;
export type WorkInput = z.input<typeof publicWorkInput>;
export type WorkStats = z.infer<typeof publicWorkStats>;
export type MapServerSettings = z.infer<typeof mapServerSettings>;
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

const getWorks = (contractId: number, query: WorkListQuery, signal?: AbortSignal) =>
  call(
    'listPublicWorks',
    {
      query: contractPageParams(contractId, query.page, { q: query.q, status: query.status }, query.perPage),
      signal,
    },
    // a failed load is the list's to show (a warning with a retry), never the error page
    { errors: 'local' },
  );

/** GET /api/public-work/report/stats aggregated by current status. */
async function getWorkStats(contractId: number, signal?: AbortSignal): Promise<WorkStats> {
  return callData(
    'publicWorkStats',
    {
      query: {
        contract: contractId,
        aggregateBy: 'currentStatus',
        statuses: [...WORK_STATUSES],
        withPagination: false,
      },
      signal,
    },
    { errors: 'local' },
  );
}

async function getWork(workId: number, signal?: AbortSignal): Promise<PublicWork> {
  return readInPlace(() => callData('getPublicWork', { params: { workId }, signal }, { errors: 'local' }));
}

export async function createWork(input: WorkInput): Promise<PublicWork> {
  return callData('createPublicWork', { body: input }, { errors: 'local' });
}

export async function updateWork(workId: number, input: WorkInput): Promise<PublicWork> {
  return callData('updatePublicWork', { params: { workId }, body: input }, { errors: 'local' });
}

async function getUserOrganizations(
  userId: number,
  contractId: number,
  signal?: AbortSignal,
): Promise<Organization[]> {
  return readInPlace(() =>
    callData(
      'userOrganizations',
      { params: { userId }, query: { contractId, ...pageQuery(1, PAGING.allItems) }, signal },
      { errors: 'local' },
    ),
  );
}

/** The user's geographic shape for a service (merged into one MultiPolygon when asked). */
async function getUserShape(
  userId: number,
  contractId: number,
  serviceCode: string,
  merged: boolean,
  signal?: AbortSignal,
): Promise<GeoShape> {
  return readInPlace(() =>
    callData(
      'userGeoshape',
      { params: { userId }, query: { contractId, serviceCode, merged }, signal },
      { errors: 'local' },
    ),
  );
}

async function getMapServer(
  contractId: number,
  organizationId: number,
  signal?: AbortSignal,
): Promise<MapServerSettings> {
  return callData(
    'mapServerSettings',
    { params: { contractId }, query: { organizationId }, signal },
    { errors: 'local' },
  );
}

export const workQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'public-works'] as const,
  list: (contractId: number, query: WorkListQuery) =>
    queryOptions({
      queryKey: [...workQueries.all(contractId), 'list', query],
      queryFn: ({ signal }) => getWorks(contractId, query, signal),
      placeholderData: keepPreviousData,
    }),
  stats: (contractId: number) =>
    queryOptions({
      queryKey: [...workQueries.all(contractId), 'stats'],
      queryFn: ({ signal }) => getWorkStats(contractId, signal),
    }),
  detail: (contractId: number, workId: number) =>
    queryOptions({
      queryKey: [...workQueries.all(contractId), 'detail', workId],
      queryFn: ({ signal }) => getWork(workId, signal),
    }),
  organizations: (contractId: number, userId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'user', userId, 'organizations'],
      queryFn: ({ signal }) => getUserOrganizations(userId, contractId, signal),
      staleTime: 5 * 60_000,
    }),
  shape: (contractId: number, userId: number, serviceCode: string, merged: boolean) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'user', userId, 'geoshape', serviceCode, merged],
      queryFn: ({ signal }) => getUserShape(userId, contractId, serviceCode, merged, signal),
      staleTime: 5 * 60_000,
    }),
  mapServer: (contractId: number, organizationId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'map-server', organizationId],
      queryFn: ({ signal }) => getMapServer(contractId, organizationId, signal),
      retry: false,
    }),
};

export const invalidateWorks = (client: QueryClient, contractId: number) =>
  client.invalidateQueries({ queryKey: workQueries.all(contractId) });
