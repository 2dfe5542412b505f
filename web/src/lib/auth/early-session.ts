/**
 * The boot script sends the calls of the session's start that need nothing but the token (portal.md
 * section 4: the token check, the user's portal configuration, contracts and admin permissions, and
 * the contract this browser used last) as soon as it has the runtime configuration, while the app's
 * code loads; authenticate() then takes their answers (early-calls.ts). A returning user's first
 * screen no longer waits for the app's code and then for these answers, one after the other.
 */
import { PAGING } from '@portal/contract/constants';
import { apiBaseUrl, runtimeConfig } from '@/config/runtime-config';
import { endpointUrl } from '../api-url';
import { sendEarly } from '../early-calls';
import { getStoredContractId, getToken } from './storage';

/** The addresses authenticate() asks first, as its calls write them. Exported for tests. */
export function sessionStartUrls(): string[] {
  const base = apiBaseUrl();
  const allPages = { currentPage: PAGING.defaultPage, itemsPerPage: PAGING.allItems };
  const lastContractId = getStoredContractId();
  return [
    endpointUrl(base, 'tokenCheck'),
    endpointUrl(base, 'listUserConfigurations', {
      params: { portalCode: runtimeConfig().siteCode },
      query: { showDeleted: true },
    }),
    endpointUrl(base, 'userContracts', { query: allPages }),
    endpointUrl(base, 'adminPermissions', { query: allPages }),
    ...(lastContractId === null
      ? []
      : [endpointUrl(base, 'getContract', { params: { contractId: lastContractId } })]),
  ];
}

/** Sends them, with the stored token; nothing without one. */
export function sendSessionStartEarly(): void {
  const token = getToken();
  if (!token) return;
  for (const url of sessionStartUrls()) sendEarly(url, token);
}
