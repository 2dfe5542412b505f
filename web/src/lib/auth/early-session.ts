/**
 * The boot script sends the calls of the session's start that need nothing but the token (portal.md
 * section 4: the token check, the user's portal configuration, contracts and admin permissions, and
 * the contract this browser used last) as soon as it has the runtime configuration, while the app's
 * code loads; authenticate() then takes their answers (early-calls.ts). A returning user's first
 * screen no longer waits for the app's code and then for these answers, one after the other. With
 * no contract stored (back from single sign-on), the contract the session will choose is asked as
 * soon as the configuration and the contracts answer; on the home page, its widget catalogue too.
 * The shell's theme of that contract (its site configuration: the tab's title and icon) is asked
 * beside the contract's details, so that it is not one more round trip after the app's code.
 */
import type { UserConfiguration } from '@portal/contract';
import { PAGING, USER_CONFIG } from '@portal/contract/constants';
import { paths } from '@portal/contract/routes';
import { apiBaseUrl, runtimeConfig } from '@/config/runtime-config';
import { endpointUrl } from '../api-url';
import { earlyAnswersSettled, peekEarlyJson, sendEarly } from '../early-calls';
import { configurationOf } from './configuration-data';
import { chooseContract } from './current-contract';
import { getStoredContractId, getToken } from './storage';

/** The current contract's calls: its details (the session's) and its site configuration (the shell's theme). */
function contractUrls(contractId: number) {
  const base = apiBaseUrl();
  return {
    details: endpointUrl(base, 'getContract', { params: { contractId } }),
    siteConfiguration: endpointUrl(base, 'getSiteConfiguration', { params: { contractId } }),
  };
}

/** The addresses of the session's first calls, by what they ask. */
function startUrls() {
  const base = apiBaseUrl();
  const allPages = { currentPage: PAGING.defaultPage, itemsPerPage: PAGING.allItems };
  const lastContractId = getStoredContractId();
  return {
    tokenCheck: endpointUrl(base, 'tokenCheck'),
    configurations: endpointUrl(base, 'listUserConfigurations', {
      params: { portalCode: runtimeConfig().siteCode },
      query: { showDeleted: true },
    }),
    contracts: endpointUrl(base, 'userContracts', { query: allPages }),
    permissions: endpointUrl(base, 'adminPermissions', { query: allPages }),
    lastContract: lastContractId === null ? null : contractUrls(lastContractId),
  };
}

/** In the order authenticate() asks them. */
function listOf(urls: ReturnType<typeof startUrls>): string[] {
  return [
    urls.tokenCheck,
    urls.configurations,
    urls.contracts,
    urls.permissions,
    urls.lastContract?.details,
  ].filter((url): url is string => url !== undefined);
}

/** The addresses authenticate() asks first, as its calls write them. Exported for tests. */
export function sessionStartUrls(): string[] {
  return listOf(startUrls());
}

/** The first screen's calls that need nothing but the token: the home page's widget catalogue. */
export function screenStartUrls(pathname: string): string[] {
  return pathname === paths.home ? [endpointUrl(apiBaseUrl(), 'listWidgets')] : [];
}

/**
 * Without a stored contract (back from single sign-on: a logout empties the storage), authenticate()
 * chooses the current contract from the configuration and the contracts, then asks its details: one
 * more round trip once the app's code has come. The same choice is made here from the early
 * answers, and the details are asked as soon as they come.
 */
function sendChosenContractEarly(token: string, configurationsUrl: string, contractsUrl: string): void {
  const configurations = peekEarlyJson(configurationsUrl, token);
  const contracts = peekEarlyJson(contractsUrl, token);
  if (!configurations || !contracts) return;
  Promise.all([configurations, contracts]).then(
    ([list, mine]) => {
      if (!Array.isArray(list) || !Array.isArray(mine)) return;
      const portalConfiguration = configurationOf(
        list as UserConfiguration[],
        USER_CONFIG.portalConfiguration,
      );
      const { contractId } = chooseContract(portalConfiguration, mine as { id: number }[]);
      if (contractId === null) return;
      const chosen = contractUrls(contractId);
      sendEarly(chosen.details, token);
      sendEarly(chosen.siteConfiguration, token);
    },
    // the app asks again, and reports the failure
    () => undefined,
  );
}

/** Sends them, with the stored token, for the first screen at `pathname`; nothing without a token. */
export function sendSessionStartEarly(pathname: string): void {
  const token = getToken();
  if (!token) return;
  const urls = startUrls();
  const sessionUrls = listOf(urls);
  for (const url of sessionUrls) sendEarly(url, token);
  if (urls.lastContract === null) sendChosenContractEarly(token, urls.configurations, urls.contracts);
  else sendEarly(urls.lastContract.siteConfiguration, token);
  // once the session's calls have answered: on HTTP/1.1 a browser opens six connections to a host,
  // and the session's own calls must not wait for a free one behind the screen's
  const screenUrls = screenStartUrls(pathname);
  if (screenUrls.length > 0)
    void earlyAnswersSettled(sessionUrls, token).then(() => {
      for (const url of screenUrls) sendEarly(url, token);
    });
}
