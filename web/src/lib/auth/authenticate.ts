/** Authenticate (portal.md section 4) and the permissions redirect check (territorial-admin.md section 4). */
import type { Contract } from '@portal/contract';
import { granted } from '@portal/contract/permissions';
import { ROLES } from '@portal/contract/roles';
import { PAGING, USER_CONFIG } from '@portal/contract/constants';
import { runtimeConfig } from '@/config/runtime-config';
import { ApiError, call, callData, pageQuery } from '../api-client';
import { setError } from '../app-state';
import { getAdminPermissions } from './admin-permissions';
import { sessionStore } from './session-store';
import { clearStorage, getStoredContractId, setStoredContractId } from './storage';
import { chooseContract } from './current-contract';
import { getUserConfiguration, saveUserConfiguration } from './user-configuration';
import { browser } from './logout';

const METABASE_COOKIE = 'metabase.SESSION';

/** Saves the current contract in the user configuration portal_configuration (merged with the rest). */
export async function saveCurrentContract(
  contractId: number,
  errors: 'global' | 'local' = 'local',
): Promise<void> {
  await saveUserConfiguration(
    USER_CONFIG.portalConfiguration,
    { [USER_CONFIG.currentContractKey]: contractId },
    { merge: true, errors },
  );
}

async function requestMetabaseSession(): Promise<void> {
  try {
    const data = await callData('metabaseUserToken', {}, { errors: 'local' });
    document.cookie = `${METABASE_COOKIE}=${encodeURIComponent(data.token)}; path=/; SameSite=Lax`;
  } catch (error) {
    // the reporting tool is optional: its failure must not block the portal
    console.warn('reporting-tool session unavailable', error);
  }
}

/**
 * A call started before the token is known to be good: its failure is observed at once (no
 * unhandled rejection while the token check runs) and reported only when it is awaited, in the
 * global error state for a `global` call (as if it had been sent then), never for an `ignored` one.
 */
function startEarly<T>(promise: Promise<T>, errors: 'global' | 'local'): () => Promise<T> {
  const settled = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return async () => {
    const result = await settled;
    if (result.ok) return result.value;
    if (errors === 'global' && result.error instanceof ApiError)
      setError(result.error.status, result.error.message);
    throw result.error;
  };
}

/**
 * Authenticate (portal.md section 4): the token info, the saved current contract and the user's
 * contracts, then the current contract's details. The calls that need only the token start
 * together, with the details of the contract this browser used last (the usual answer), so that
 * a returning user waits one round trip instead of three; their failures count only once the
 * token check has passed (a refused token still logs out, without other error).
 */
export async function authenticate(): Promise<void> {
  sessionStore.set((s) => ({ ...s, status: 'authenticating' }));
  try {
    const lastContractId = getStoredContractId();
    const userCall = callData('tokenCheck');
    const configurationCall = startEarly(
      // from the server: the readers just after (the home page's) share this answer
      getUserConfiguration(USER_CONFIG.portalConfiguration, undefined, true),
      'local',
    );
    const contractsCall = startEarly(
      call('userContracts', { query: pageQuery(PAGING.defaultPage, PAGING.allItems) }, { errors: 'local' }),
      'global',
    );
    const permissionsCall = startEarly(getAdminPermissions({ errors: 'local' }), 'global');
    const lastContractCall =
      lastContractId === null
        ? null
        : startEarly(
            callData('getContract', { params: { contractId: lastContractId } }, { errors: 'local' }),
            'local',
          );

    const user = await userCall;
    sessionStore.set((s) => ({ ...s, user }));
    const metabase = granted(user, [ROLES.VA_METABASE_REQUESTER])
      ? requestMetabaseSession()
      : Promise.resolve();

    const [configuration, { data: contracts }, adminPermissions] = await Promise.all([
      configurationCall(),
      contractsCall(),
      permissionsCall(),
    ]);
    const { contractId, save } = chooseContract(configuration, contracts);
    const saving =
      save && contractId !== null
        ? saveCurrentContract(contractId).catch((error: unknown) =>
            console.warn('could not save the current contract', error),
          )
        : Promise.resolve();
    setStoredContractId(contractId);
    let contract: Contract | null = null;
    if (contractId !== null) {
      // the early answer when it is the contract chosen; otherwise (or if it failed) asked now
      const early =
        contractId === lastContractId && lastContractCall ? await lastContractCall().catch(() => null) : null;
      contract = early ?? (await callData('getContract', { params: { contractId } }));
    }
    await Promise.all([metabase, saving]);
    sessionStore.set({ status: 'ready', user, contracts, contractId, contract, adminPermissions });
    void checkPermissionsRedirect();
  } catch (error) {
    sessionStore.set((s) => ({ ...s, status: s.status === 'redirecting' ? s.status : 'failed' }));
    throw error;
  }
}

export interface ContractInfo {
  defaultUrl: string | null;
  contracts: { id: number; label: string; contractUrl: string | null }[];
}

/**
 * Where the permissions redirect check sends the browser, or null. With a default URL configured:
 * when the address contains it and the user has exactly one contract URL, the first contract URL;
 * when the address contains it and there is no contract URL, the default URL (never the page
 * already shown, which would loop).
 */
export function permissionsRedirectTarget(
  href: string,
  defaultUrl: string | null,
  info: ContractInfo,
): string | null {
  if (!defaultUrl || !href.includes(defaultUrl)) return null;
  const urls = info.contracts.map((c) => c.contractUrl).filter((url): url is string => !!url);
  if (urls.length > 1) return null;
  const target = urls[0] ?? defaultUrl;
  const strip = (url: string) => url.replace(/\/+$/, '');
  return strip(target) === strip(href) || (urls.length === 0 && href.startsWith(strip(defaultUrl)))
    ? null
    : target;
}

/**
 * Runs the check; call it again whenever the user's permissions change. Answers whether the
 * browser was sent away; when the contract information cannot be read the user stays (logged).
 */
export async function checkPermissionsRedirect(): Promise<boolean> {
  const { defaultUrl } = runtimeConfig();
  if (!defaultUrl) return false;
  let data: ContractInfo;
  try {
    ({ data } = await call('contractInfo', {}, { errors: 'local' }));
  } catch (error) {
    console.warn('permissions redirect check skipped: contract information unavailable', error);
    return false;
  }
  const target = permissionsRedirectTarget(window.location.href, defaultUrl, data);
  if (!target) return false;
  clearStorage();
  browser.assign(target);
  return true;
}
