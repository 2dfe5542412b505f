/**
 * THE client of the mock server's control API (/__mock), typed by the shapes of ./schemas.ts and the rows of ./endpoints.ts:
 * used by the CLI, the end-to-end fixtures, the web tests' helpers and the benchmark. Bound to
 * one state partition when given one (every call sends x-mock-partition). Writes always send a
 * JSON body with `Content-Type: application/json`. Not part of the real backend.
 */
import {
  CONTROL_PREFIX,
  PARTITION_HEADER,
  type AddedRule,
  type FaultInput,
  type JournalEntry,
  type JournalFilter,
  type MockRule,
  type StubInput,
} from './schemas.ts';
import {
  controlEndpoints,
  controlPath,
  type ControlId,
  type ControlInput,
  type ControlOutput,
  type ControlPersona,
  type JournalCapture,
  type Latency,
  type LatencyInput,
  type MintedToken,
  type PersonaInput,
  type RoleChange,
  type ScenarioLoaded,
  type UserRoles,
} from './endpoints.ts';

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

/** A call with nothing to give: its input may be left out. */
type NoInput = Record<never, never>;

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

  /** Method, path (params filled) and call options of a row, from its id and input. */
  private route<Id extends ControlId>(
    id: Id,
    input: ControlInput<Id> | undefined,
    options: CallOptions,
  ): { method: string; path: string; options: CallOptions } {
    const def = controlEndpoints[id];
    const given = (input ?? {}) as { params?: object; query?: Query; body?: unknown };
    return {
      method: def.method,
      path: controlPath(def, given.params),
      options: { ...options, query: given.query, body: given.body },
    };
  }

  /** Calls a row of the control table by its id: the parsed JSON answer (undefined for a 204). */
  call<Id extends ControlId>(
    id: Id,
    ...[input, options = {}]: NoInput extends ControlInput<Id>
      ? [input?: ControlInput<Id>, options?: CallOptions]
      : [input: ControlInput<Id>, options?: CallOptions]
  ): Promise<ControlOutput<Id>> {
    const route = this.route(id, input, options);
    return this.request<ControlOutput<Id>>(route.method, route.path, route.options);
  }

  /** The raw answer of a row (an event stream, an export read as text). */
  open<Id extends ControlId>(
    id: Id,
    ...[input, options = {}]: NoInput extends ControlInput<Id>
      ? [input?: ControlInput<Id>, options?: CallOptions]
      : [input: ControlInput<Id>, options?: CallOptions]
  ): Promise<Response> {
    const route = this.route(id, input, options);
    return this.send(route.method, route.path, route.options);
  }

  /** The address of a row (params and query filled). */
  urlOf<Id extends ControlId>(
    id: Id,
    ...[input]: NoInput extends ControlInput<Id> ? [input?: ControlInput<Id>] : [input: ControlInput<Id>]
  ): string {
    const route = this.route(id, input, {});
    return this.url(route.path, route.options.query);
  }

  /* Shorthands of the rows the tests use most, each a call by id. */

  /** Loads a scenario (default, empty, large) into this partition; answers once loaded. */
  loadScenario(name: string, seed?: number): Promise<ScenarioLoaded> {
    return this.call('loadScenario', { params: { name }, query: { seed } });
  }

  exportState<T = unknown>(): Promise<T> {
    return this.call('exportState') as Promise<T>;
  }

  importState(state: unknown): Promise<unknown> {
    return this.call('importState', { body: state });
  }

  personas(): Promise<ControlPersona[]> {
    return this.call('listPersonas');
  }

  createPersona(persona: PersonaInput): Promise<ControlPersona> {
    return this.call('createPersona', { body: persona });
  }

  /** Mints a token for a persona, in this partition. */
  token(personaId: string, ttlSeconds?: number): Promise<MintedToken> {
    return this.call('mintToken', {
      params: { id: personaId },
      body: ttlSeconds === undefined ? undefined : { ttlSeconds },
    });
  }

  /** `Authorization: Bearer ...` for a persona: what a test calling the API as that persona sends. */
  async bearer(personaId: string): Promise<Record<string, string>> {
    return { authorization: `Bearer ${(await this.token(personaId)).token}` };
  }

  roles(user: string | number): Promise<UserRoles> {
    return this.call('getRoles', { params: { idOrEmail: String(user) } });
  }

  setRoles(user: string | number, change: RoleChange): Promise<UserRoles> {
    return this.call('changeRoles', { params: { idOrEmail: String(user) }, body: change });
  }

  /** Fault rules (glob path: * = one segment, ** = any; times omitted = always). */
  readonly faults = {
    add: (rule: FaultInput): Promise<AddedRule> => this.call('addFault', { body: rule }),
    list: (): Promise<MockRule[]> => this.call('listFaults'),
    remove: (id: string | number): Promise<unknown> =>
      this.call('removeFault', { params: { id: String(id) } }),
    clear: (): Promise<unknown> => this.call('clearFaults'),
  };

  /** Response overrides. */
  readonly stubs = {
    add: (rule: StubInput): Promise<AddedRule> => this.call('addStub', { body: rule }),
    list: (): Promise<MockRule[]> => this.call('listStubs'),
    remove: (id: string | number): Promise<unknown> =>
      this.call('removeStub', { params: { id: String(id) } }),
    clear: (): Promise<unknown> => this.call('clearStubs'),
  };

  readonly latency = {
    get: (): Promise<Latency> => this.call('getLatency'),
    set: (value: LatencyInput): Promise<Latency> => this.call('setLatency', { body: value }),
  };

  /** The calls this partition received, oldest first. */
  journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    return this.call('journal', { query: filter });
  }

  clearJournal(): Promise<unknown> {
    return this.call('clearJournal');
  }

  readonly journalCapture = {
    get: (): Promise<JournalCapture> => this.call('getCapture'),
    set: (value: Partial<JournalCapture>): Promise<JournalCapture> =>
      this.call('setCapture', { body: value }),
  };
}
