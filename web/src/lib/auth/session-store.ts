/** The signed-in user, the user's contracts and the current contract. */
import type { AdminPermission, Contract, TokenInfo } from '@portal/contract';
import { createStore } from '../store';

export type SessionStatus =
  /** nothing started yet */
  | 'idle'
  /** leaving for single sign-on (or its logout) */
  | 'redirecting'
  | 'authenticating'
  | 'ready'
  /** the authentication failed: the error state says why */
  | 'failed'
  /** on the SSO error page: nothing is done */
  | 'sso-error'
  /** signed out without network: the session is forgotten on the device, the SSO's logout waits */
  | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: TokenInfo | null;
  contracts: Contract[];
  contractId: number | null;
  contract: Contract | null;
  /** the admin rights per contract (GET /api/permissions/admin); absent until read */
  adminPermissions?: AdminPermission[] | null;
}

const INITIAL_SESSION: SessionState = {
  status: 'idle',
  user: null,
  contracts: [],
  contractId: null,
  contract: null,
};

export const sessionStore = createStore<SessionState>(INITIAL_SESSION);

export function resetSession(status: SessionStatus = 'idle'): void {
  sessionStore.set({ ...INITIAL_SESSION, status });
}
