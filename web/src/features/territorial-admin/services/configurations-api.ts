/** External application configurations (portal.md section 7). */
import type { QueryClient } from '@tanstack/react-query';
import type { AppConfiguration, OwnerType } from '@portal/contract';
import { ApiError, callData } from '@/lib/api-client';
import { emptyConfiguration, type SaveCall } from './config/saving';
import { derivedQuery, endpointQuery, invalidateEndpoints } from '@/lib/endpoint-query';

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

export const appConfigurationQueries = {
  /** one configuration, an empty default when there is none yet */
  one: (contractId: number, name: string, ownerType: OwnerType, ownerId: number) =>
    derivedQuery(
      contractId,
      'app-configuration-or-default',
      ['getAppConfiguration'],
      { params: { applicationName: name, ownerType, ownerId } },
      (signal) => getAppConfiguration(name, ownerType, ownerId, signal),
    ),
  ofOwner: (contractId: number, ownerType: OwnerType, ownerId: number) =>
    endpointQuery(contractId, 'listAppConfigurations', { params: { ownerType, ownerId } }),
  /** the contract's request types: the one read of listRequestTypes the request forms share */
  requestTypes: (contractId: number) =>
    endpointQuery(contractId, 'listRequestTypes', { query: { contract: contractId } }),
};

/**
 * Adds a request type to the contract, then marks the contract's request types stale wherever
 * they are read (this tab and the request forms share one cache entry).
 */
export async function createRequestType(client: QueryClient, contractId: number, label: string) {
  const added = await callData('createRequestType', { body: { contractId, label } }, { errors: 'local' });
  await invalidateEndpoints(client, contractId, ['listRequestTypes']);
  return added;
}
