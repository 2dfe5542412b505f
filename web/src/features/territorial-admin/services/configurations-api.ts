/** External application configurations (portal.md section 7). */
import { queryOptions } from '@tanstack/react-query';
import type { AppConfiguration, OwnerType } from '@portal/contract';
import { ApiError, callData } from '@/lib/api-client';
import { emptyConfiguration, type SaveCall } from './config/saving';
import { contractKey } from '@/lib/query-keys';

/** One configuration; a 404 means none exists yet: an empty default forcing the child configuration. */
async function getAppConfiguration(
  name: string,
  ownerType: OwnerType,
  ownerId: number,
  signal?: AbortSignal,
): Promise<AppConfiguration> {
  try {
    return await callData(
      'getAppConfiguration',
      { params: { applicationName: name, ownerType, ownerId }, signal },
      { errors: 'local' },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return emptyConfiguration(name, ownerId, ownerType);
    if (!(error instanceof ApiError)) throw error;
    console.error(`configuration ${name}: ${error.message}`);
    throw error;
  }
}

async function listAppConfigurations(ownerType: OwnerType, ownerId: number, signal?: AbortSignal) {
  return callData('listAppConfigurations', { params: { ownerType, ownerId }, signal }, { errors: 'local' });
}

/** Runs one save call (create or update by id). */
export async function saveAppConfiguration(save: SaveCall): Promise<AppConfiguration> {
  return save.method === 'PUT' && save.id !== null
    ? callData(
        'updateAppConfiguration',
        { params: { configurationId: save.id }, body: save.body },
        { errors: 'local' },
      )
    : callData('createAppConfiguration', { body: save.body }, { errors: 'local' });
}

async function listRequestTypes(contractId: number, signal?: AbortSignal) {
  return callData('listRequestTypes', { query: { contract: contractId }, signal }, { errors: 'local' });
}

export const appConfigurationQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'app-configurations'] as const,
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
      queryKey: [...contractKey(contractId), 'request-types'],
      queryFn: ({ signal }) => listRequestTypes(contractId, signal),
    }),
};
