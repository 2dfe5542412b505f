/** External application configurations (portal.md section 7). */
import { queryOptions } from '@tanstack/react-query';
import type { AppConfiguration, OwnerType } from '@portal/contract';
import { ApiError, request } from '@/lib/api-client';
import { emptyConfiguration, type SaveCall } from '../saving';

const BASE = '/api/external-apps/configuration';

/** One configuration; a 404 means none exists yet: an empty default forcing the child configuration. */
export async function getAppConfiguration(
  name: string,
  ownerType: OwnerType,
  ownerId: number,
  signal?: AbortSignal,
): Promise<AppConfiguration> {
  try {
    const { data } = await request<AppConfiguration>(
      { url: `${BASE}/application/${encodeURIComponent(name)}/${ownerType}/${ownerId}`, signal },
      { errors: 'local' },
    );
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return emptyConfiguration(name, ownerId, ownerType);
    if (!(error instanceof ApiError)) throw error;
    console.error(`configuration ${name}: ${error.message}`);
    throw error;
  }
}

export async function listAppConfigurations(ownerType: OwnerType, ownerId: number, signal?: AbortSignal) {
  const { data } = await request<AppConfiguration[]>(
    { url: `${BASE}/${ownerType}/${ownerId}`, signal },
    { errors: 'local' },
  );
  return data;
}

/** Runs one save call (create or update by id). */
export async function saveAppConfiguration(call: SaveCall): Promise<AppConfiguration> {
  const { data } = await request<AppConfiguration>(
    call.method === 'PUT' && call.id !== null
      ? { method: 'PUT', url: `${BASE}/${call.id}`, data: call.body }
      : { method: 'POST', url: BASE, data: call.body },
  );
  return data;
}

export async function listRequestTypes(contractId: number, signal?: AbortSignal) {
  const { data } = await request<{ id: number; label: string; code: string }[]>(
    { url: '/api/request-type', params: { contract: contractId }, signal },
    { errors: 'local' },
  );
  return data;
}

export const appConfigurationQueries = {
  all: (contractId: number) => ['contract', contractId, 'app-configurations'] as const,
  one: (contractId: number, name: string, ownerType: OwnerType, ownerId: number) =>
    queryOptions({
      queryKey: [...appConfigurationQueries.all(contractId), ownerType, ownerId, name],
      queryFn: ({ signal }) => getAppConfiguration(name, ownerType, ownerId, signal),
    }),
  ofOwner: (contractId: number, ownerType: OwnerType, ownerId: number) =>
    queryOptions({
      queryKey: [...appConfigurationQueries.all(contractId), ownerType, ownerId, 'list'],
      queryFn: ({ signal }) => listAppConfigurations(ownerType, ownerId, signal),
    }),
  requestTypes: (contractId: number) =>
    queryOptions({
      queryKey: ['contract', contractId, 'request-types'],
      queryFn: ({ signal }) => listRequestTypes(contractId, signal),
    }),
};
