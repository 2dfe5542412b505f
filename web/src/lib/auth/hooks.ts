import { useCallback } from 'react';
import type { Contract, TokenInfo } from '@portal/contract';
import { grantedForContract, grantedInContract } from '@portal/contract/permissions';
import { useStore } from '../store';
import { confirmLeaving, leavePage } from '../unsaved-input';
import { sessionStore, type SessionState } from './session-store';
import { saveCurrentContract } from './authenticate';
import { browser } from './logout';
import { setStoredContractId } from './storage';

export const useSession = (): SessionState => useStore(sessionStore);
export const useCurrentUser = (): TokenInfo | null => useStore(sessionStore).user;

export interface CurrentContract {
  contract: Contract | null;
  contractId: number | null;
  contracts: Contract[];
  /** stores the new contract, saves the user configuration, then reloads at the root */
  setCurrentContract(id: number): Promise<void>;
}

/** Switching reloads the portal: text not saved on the page is asked about first (staying keeps it). */
async function switchContract(id: number): Promise<void> {
  if (!(await confirmLeaving())) return;
  setStoredContractId(id);
  await saveCurrentContract(id, 'global');
  leavePage();
  browser.assign('/');
}

/**
 * The current contract's id, for screens under a route that needs one: the rights guard shows a
 * notice instead of such a screen when the user has no current contract, so it is never null here.
 */
export function useContractId(): number {
  const { contractId } = useStore(sessionStore);
  if (contractId === null) throw new Error('useContractId outside a route that needs a contract');
  return contractId;
}

export function useCurrentContract(): CurrentContract {
  const { contract, contractId, contracts } = useStore(sessionStore);
  const setCurrentContract = useCallback((id: number) => switchContract(id), []);
  return { contract, contractId, contracts, setCurrentContract };
}

/**
 * Granted (portal.md section 6), with the admin roles counted only in the current contract when the user
 * holds them there (GET /api/permissions/admin): admin screens and actions show only where they work.
 */
export function useGranted(roles: readonly string[]): boolean {
  const { user, adminPermissions, contractId } = useStore(sessionStore);
  return grantedInContract(user, adminPermissions, roles, contractId);
}

export function useGrantedForContract(roles: readonly string[]): boolean {
  const { user, contractId } = useStore(sessionStore);
  return grantedForContract(user, roles, contractId);
}
