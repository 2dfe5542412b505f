/**
 * THE client of the mock server's control API (/__mock), typed by the shapes of ./control.ts:
 * used by the CLI, the end-to-end fixtures, the web tests' helpers and the benchmark. Bound to
 * one state partition when given one (every call sends x-mock-partition). Writes always send a
 * JSON body with `Content-Type: application/json`. Not part of the real backend.
 */
import {
  CONTROL_PREFIX,
  PARTITION_HEADER,
  type AddedRule,
  type ControlPersona,
  type FaultInput,
  type JournalCapture,
  type JournalEntry,
  type JournalFilter,
  type LatencyProfile,
  type MintedToken,
  type MockRule,
  type PartitionSummary,
  type StubInput,
} from './control.ts';

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** milliseconds before giving up (default 30 s), unless a signal is given */
  timeoutMs?: number;
}

/** A non-2xx answer of the control API, with its status and raw body. */
export class ControlApiError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`mock control call ${method} ${url} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'ControlApiError';
  }
}

/** An answer that is not JSON: the address is probably not the mock server. */
export class ControlNotJsonError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
  ) {
    super(`${method} ${url} answered ${status} with a body that is not JSON`);
    this.name = 'ControlNotJsonError';
  }
}

export interface ScenarioLoaded {
  name: string;
  seed: number;
  loadMs: number;
}
export interface MockHealth {
  status: string;
  scenario: string;
  seed: number;
  partition: string;
  uptimeMs: number;
  rssBytes: number;
}
export interface UserRoles {
  userId: number | string;
  email: string;
  roles: string[];
}
export interface RoleChange {
  set?: string[];
  add?: string[];
  remove?: string[];
}
export interface PersonaInput {
  id?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  roles: string[];
  contractIds: number[];
}
export interface Latency {
  minMs: number;
  maxMs: number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class MockControl {
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    readonly partition?: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  url(path: string, query: Query = {}): string {
    const url = new URL(
      path.startsWith(CONTROL_PREFIX) ? path : `${CONTROL_PREFIX}${path}`,
      `${this.baseUrl}/`,
    );
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  headers(write: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      ...(write ? { 'content-type': 'application/json' } : {}),
      ...(this.partition ? { [PARTITION_HEADER]: this.partition } : {}),
    };
  }

  /** The raw answer (network failures are thrown as they are). Writes always carry a JSON body. */
  send(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const write = WRITES.has(method);
    return fetch(this.url(path, options.query), {
      method,
      headers: this.headers(write),
      body: write ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal ?? AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  }

  /** The parsed JSON answer; a non-2xx answer throws ControlApiError, a non-JSON one ControlNotJsonError. */
  async request<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const response = await this.send(method, path, options);
    const text = await response.text();
    const url = this.url(path, options.query);
    if (!response.ok) throw new ControlApiError(method, url, response.status, text);
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ControlNotJsonError(method, url, response.status);
    }
  }

  get<T>(path: string, query?: Query): Promise<T> {
    return this.request<T>('GET', path, { query });
  }
  post<T>(path: string, body?: unknown, query?: Query): Promise<T> {
    return this.request<T>('POST', path, { body, query });
  }
  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, { body });
  }
  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PATCH', path, { body });
  }
  delete<T>(path: string): Promise<T> {
    return this.request<T>('DELETE', path);
  }

  /** Every state partition of the server (not only this client's). */
  partitions(): Promise<PartitionSummary[]> {
    return this.get('/partitions');
  }

  deletePartition(name: string): Promise<unknown> {
    return this.delete(`/partitions/${encodeURIComponent(name)}`);
  }

  health(): Promise<MockHealth> {
    return this.get('/health');
  }

  /** Loads a scenario (default, empty, large) into this partition; answers once loaded. */
  loadScenario(name: string, seed?: number): Promise<ScenarioLoaded> {
    return this.post(`/scenarios/${encodeURIComponent(name)}`, undefined, { seed });
  }

  reset(): Promise<ScenarioLoaded> {
    return this.post('/reset');
  }

  exportState<T = unknown>(): Promise<T> {
    return this.get('/state');
  }

  importState(state: unknown): Promise<unknown> {
    return this.put('/state', state);
  }

  personas(): Promise<ControlPersona[]> {
    return this.get('/personas');
  }

  createPersona(persona: PersonaInput): Promise<ControlPersona> {
    return this.post('/personas', persona);
  }

  /** Mints a token for a persona, in this partition. */
  token(personaId: string, ttlSeconds?: number): Promise<MintedToken> {
    return this.post(
      `/personas/${encodeURIComponent(personaId)}/token`,
      ttlSeconds === undefined ? undefined : { ttlSeconds },
    );
  }

  /** `Authorization: Bearer ...` for a persona: what a test calling the API as that persona sends. */
  async bearer(personaId: string): Promise<Record<string, string>> {
    return { authorization: `Bearer ${(await this.token(personaId)).token}` };
  }

  roles(user: string | number): Promise<UserRoles> {
    return this.get(`/users/${encodeURIComponent(String(user))}/roles`);
  }

  setRoles(user: string | number, change: RoleChange): Promise<UserRoles> {
    return this.patch(`/users/${encodeURIComponent(String(user))}/roles`, change);
  }

  private ruleApi<I>(route: 'faults' | 'stubs') {
    return {
      add: (rule: I): Promise<AddedRule> => this.post(`/${route}`, rule),
      list: (): Promise<MockRule[]> => this.get(`/${route}`),
      remove: (id: string | number): Promise<unknown> =>
        this.delete(`/${route}/${encodeURIComponent(String(id))}`),
      clear: (): Promise<unknown> => this.delete(`/${route}`),
    };
  }

  /** Fault rules (glob path: * = one segment, ** = any; times omitted = always). */
  readonly faults = this.ruleApi<FaultInput>('faults');
  /** Response overrides. */
  readonly stubs = this.ruleApi<StubInput>('stubs');

  /** Stubs and faults in the order the mock tries them. */
  rules(): Promise<MockRule[]> {
    return this.get('/rules');
  }

  readonly latency = {
    get: (): Promise<Latency> => this.get('/latency'),
    set: (value: Latency | { profile: LatencyProfile }): Promise<Latency> => this.put('/latency', value),
  };

  /** The calls this partition received, oldest first. */
  journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    return this.get('/journal', { ...filter });
  }

  clearJournal(): Promise<unknown> {
    return this.delete('/journal');
  }

  readonly journalCapture = {
    get: (): Promise<JournalCapture> => this.get('/journal/capture'),
    set: (value: Partial<JournalCapture>): Promise<JournalCapture> => this.put('/journal/capture', value),
  };
}
