/**
 * Component tests against the real mock server (STYLE.md: one fake backend for everything):
 * starts it in-process on a random port, points the runtime configuration at it, mints a
 * persona's token, stores it, and signs the persona in with its own token-check answer.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { TokenInfo } from '@portal/contract';
import {
  type JournalEntry,
  type JournalFilter,
  MockControl,
  type PersonaInput,
} from '@portal/mock-server/control';
import { contract as contractOf, renderApp, setupI18n } from './render';
import { setRuntimeConfig } from '@/config/runtime-config';
import { sessionStore } from '@/lib/auth/session-store';

export interface RunningMock {
  url: string;
  port: number;
  close(): Promise<void>;
}

type Start = (opts: { port?: number; quiet?: boolean; scenario?: string }) => Promise<RunningMock>;

export async function startMockBackend(): Promise<RunningMock> {
  // loaded by path at run time: the web project does not type-check the mock server's sources
  const specifier = new URL('../../../mock-server/src/server.ts', import.meta.url).pathname;
  const { startMockServer } = (await import(/* @vite-ignore */ specifier)) as { startMockServer: Start };
  const mock = await startMockServer({ port: 0, quiet: true });
  setRuntimeConfig({
    apiBaseUrl: mock.url,
    tileUrl: `${mock.url}/tiles/{z}/{x}/{y}.png`,
    geocoderUrl: `${mock.url}/geocoder`,
  });
  return mock;
}

/** The control client of the mock server (the one of @portal/mock-server/control). */
export function controlOf(mock: RunningMock): MockControl {
  return new MockControl(mock.url);
}

/** Resets the mock's state to its scenario. */
export async function resetMock(mock: RunningMock): Promise<void> {
  await controlOf(mock).call('reset');
}

/** Resets the mock's state and empties its journal, then signs the persona in (a test that reads the journal). */
export async function signInFresh(mock: RunningMock, personaId: string, contractId = 1): Promise<TokenInfo> {
  await resetMock(mock);
  await controlOf(mock).clearJournal();
  return signInPersona(mock, personaId, contractId);
}

/** Mints the persona's token, keeps it where the api client reads it, and opens the session. */
export async function signInPersona(
  mock: RunningMock,
  personaId: string,
  contractId = 1,
): Promise<TokenInfo> {
  const minted = await controlOf(mock).token(personaId);
  window.localStorage.setItem('token', minted.token);
  const user = (await (
    await fetch(`${mock.url}/api/token-check`, { headers: { Authorization: `Bearer ${minted.token}` } })
  ).json()) as TokenInfo;
  const contract = contractOf(contractId);
  sessionStore.set({ status: 'ready', user, contracts: [contract], contractId, contract });
  return user;
}

/** Opens a path in the whole app and waits for its lazily loaded screen (the first load transforms it). */
export async function openScreen(path: string): Promise<ReturnType<typeof renderApp>> {
  const view = renderApp(path);
  await waitFor(() => expect(document.querySelector('.loading-screen, .page-loading')).toBeNull(), {
    timeout: 20_000,
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
  return view;
}

/**
 * Starts the mock server once for the test file (with the French resources loaded), resets its
 * state before each test and stops it after the last; the returned handle reads the running server.
 */
export function withMockBackend(): RunningMock {
  let running: RunningMock | undefined;
  const current = (): RunningMock => {
    if (!running) throw new Error('the mock backend is not started yet (use it inside a test)');
    return running;
  };
  beforeAll(async () => {
    await setupI18n();
    running = await startMockBackend();
  });
  afterAll(() => running?.close());
  beforeEach(() => resetMock(current()));
  return {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
    close: () => current().close(),
  };
}

/** The calls the mock has seen since its journal was last emptied (`filter`: `{ method: 'POST', path: ... }`). */
export function journal(mock: RunningMock, filter: JournalFilter = {}): Promise<JournalEntry[]> {
  return controlOf(mock).journal(filter);
}

/** The POSTs to `path` the mock answered with a success (2xx) since its journal was last emptied. */
export async function savedPosts(mock: RunningMock, path: string): Promise<JournalEntry[]> {
  return (await journal(mock, { method: 'POST', path })).filter((e) => e.status !== null && e.status < 300);
}

/** The mock's tables. */
export async function mockState(mock: RunningMock): Promise<Record<string, unknown[]>> {
  const state = await controlOf(mock).exportState<
    { tables?: Record<string, unknown[]> } & Record<string, unknown[]>
  >();
  return state.tables ?? state;
}

/** A persona created for the test (more fields than PersonaInput: `organizationIds`, for one), with its user id. */
export function createPersona(
  mock: RunningMock,
  persona: PersonaInput & Record<string, unknown>,
): Promise<{ id: string; userId: number }> {
  return controlOf(mock).createPersona(persona);
}

/** Calls a backend path as a persona (without touching the signed-in session); the raw answer. */
export async function fetchAs(
  mock: RunningMock,
  personaId: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = {
    ...(await controlOf(mock).bearer(personaId)),
    ...(init.body ? { 'Content-Type': 'application/json' } : {}),
  };
  return fetch(`${mock.url}${path}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
}

/** Reads a backend path as a persona sees it (without touching the signed-in session). */
export async function asPersona<T = unknown>(mock: RunningMock, personaId: string, path: string): Promise<T> {
  return (await (await fetchAs(mock, personaId, path)).json()) as T;
}
