import { queryOptions } from '@tanstack/react-query';
import type { ContractThemeInput } from '@portal/contract';
import { callData, type UploadProgress } from '@/lib/api-client';
import { contractKey } from '@/lib/query-keys';
import { readInPlace } from '@/lib/read-in-place';

export const contractQueries = {
  detail: (contractId: number) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'detail'],
      // said in place by the screens that read it; a refused or unknown contract goes to its error page
      queryFn: ({ signal }) =>
        readInPlace(() => callData('getContract', { params: { contractId }, signal }, { errors: 'local' })),
    }),
};

/** Creates (POST, when the contract has none) or updates (PUT) a contract's site configuration. */
export async function saveSiteConfiguration(
  contractId: number,
  exists: boolean,
  body: { documentTitle: string; faviconOnglet: string | null },
  onUploadProgress?: (progress: UploadProgress) => void,
) {
  return callData(
    exists ? 'updateSiteConfiguration' : 'createSiteConfiguration',
    { params: { contractId }, body, onUploadProgress },
    { errors: 'local' },
  );
}

/** Changes the contract's colours, logos and tool addresses: the keys given, null removing one. */
export async function saveContractTheme(
  contractId: number,
  body: ContractThemeInput,
  onUploadProgress?: (progress: UploadProgress) => void,
) {
  return callData(
    'updateContractTheme',
    { params: { contractId }, body, onUploadProgress },
    { errors: 'local' },
  );
}
