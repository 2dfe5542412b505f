/**
 * Test support for the wizards: the real mock server in-process on a random port, a persona's
 * session, the wizard rendered with the app's providers, and reads of the mock's journal and state.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { TokenInfo } from '@portal/contract';
import { Providers } from '@/app/providers';
import { setRuntimeConfig } from '@/config/runtime-config';
import { sessionStore } from '@/lib/auth/session-store';
import { createQueryClient } from '@/lib/query-client';

export interface RunningMock {
  url: string;
  close(): Promise<void>;
}

export async function startMock(): Promise<RunningMock> {
  // loaded by path at run time: the web project does not type-check the mock server's sources
  const specifier = new URL('../../../../../mock-server/src/server.ts', import.meta.url).pathname;
  const { startMockServer } = (await import(/* @vite-ignore */ specifier)) as {
    startMockServer: (opts: { port: number; quiet: boolean }) => Promise<RunningMock>;
  };
  const mock = await startMockServer({ port: 0, quiet: true });
  setRuntimeConfig({ apiBaseUrl: mock.url });
  return mock;
}

export async function signInAs(mock: RunningMock, personaId: string, contractId = 1): Promise<TokenInfo> {
  await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
  await fetch(`${mock.url}/__mock/journal`, { method: 'DELETE' });
  const minted = (await (
    await fetch(`${mock.url}/__mock/personas/${personaId}/token`, { method: 'POST' })
  ).json()) as { token: string };
  window.localStorage.setItem('token', minted.token);
  const user = (await (
    await fetch(`${mock.url}/api/token-check`, { headers: { Authorization: `Bearer ${minted.token}` } })
  ).json()) as TokenInfo;
  const contract = {
    id: contractId,
    label: `Contrat ${contractId}`,
    status: 'ACTIVE' as const,
    contractMetadatas: { contract_country_code: 'FR' },
  };
  sessionStore.set({ status: 'ready', user, contracts: [contract], contractId, contract });
  return user;
}

export function renderWizard(node: ReactNode) {
  return render(<Providers queryClient={createQueryClient({ retry: false })}>{node}</Providers>);
}

export interface JournalEntry {
  method: string;
  path: string;
  status: number;
}

export async function journal(mock: RunningMock, filter = ''): Promise<JournalEntry[]> {
  return (await (await fetch(`${mock.url}/__mock/journal${filter}`)).json()) as JournalEntry[];
}

export async function mockState(mock: RunningMock): Promise<Record<string, unknown[]>> {
  const state = (await (await fetch(`${mock.url}/__mock/state`)).json()) as {
    tables?: Record<string, unknown[]>;
  } & Record<string, unknown[]>;
  return state.tables ?? state;
}

/** Reads a call's body as the mock saw it: through the state for created rows. */
export async function asPersona(mock: RunningMock, personaId: string, path: string): Promise<unknown> {
  const minted = (await (
    await fetch(`${mock.url}/__mock/personas/${personaId}/token`, { method: 'POST' })
  ).json()) as { token: string };
  return (await fetch(`${mock.url}${path}`, { headers: { Authorization: `Bearer ${minted.token}` } })).json();
}
