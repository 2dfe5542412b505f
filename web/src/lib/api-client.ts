/**
 * The one HTTP seam of the portal (portal.md sections 7 and 8, STYLE.md "Data").
 *
 * - base URL from the runtime configuration (the test host when test_env is on), bearer token
 *   from localStorage, JSON;
 * - `request<T>()` answers `{ data, pagination }`, the paging read from the x-pagination-* headers;
 * - an identical request (method + URL + params + body) still in flight is cancelled by the new
 *   one; the cancelled caller then receives the new call's answer, so only one call is current;
 * - cancelled requests are ignored (no error state); a caller's own abort rejects with a CanceledError;
 * - errors: an HTTP error puts its status and body message into the global error state (which
 *   redirects to an error page) and resets the loading flag; a network error sets status 0;
 *   a 401 on /api/token-check clears local storage and logs out; a network error while the browser
 *   says it is offline leaves the global state alone (the offline portal, docs/offline.md).
 *   `{ errors: 'local' }` lets a caller (a widget, a list tab) handle its own errors: the promise
 *   rejects with an ApiError and the global state is left alone (the 401 logout still applies).
 * - `rawRequest<T>()` handles only the 401 logout case.
 * - `call(endpointId, { params, query, body })` is the typed seam every feature uses: the method and
 *   path come from the contract's endpoint table (through its schema-free route map, so the zod
 *   table never ships), the arguments and the answer are typed from the endpoint's schemas.
 */
import type { z } from 'zod';
import type { EndpointById, EndpointId } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { endpointRoutes } from '@portal/contract/endpoint-routes';
import { apiBaseUrl } from '@/config/runtime-config';
import { requestEnded, requestStarted, setError } from './app-state';
import { yieldToMain } from './yield-to-main';
import { buildUrl, endpointPath, wireQuery } from './api-url';
import { takeEarly } from './early-calls';
import { getToken } from './auth/storage';
import { logout } from './auth/logout';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Pagination {
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
}

export interface ApiResponse<T> {
  data: T;
  pagination: Pagination;
}

export interface ApiRequestConfig {
  method?: Method;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** another base address (the document service); defaults to the backend */
  baseURL?: string;
  /** 'blob' for a binary answer; JSON (or text when it is not JSON) otherwise */
  responseType?: 'blob';
}

export interface RequestOptions {
  /** 'global' (default): failures set the global error state; 'local': the caller shows its own alert */
  errors?: 'global' | 'local';
}

/** A failed call: status 0 for a network error. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: { path: string; message: string }[];
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const errors = (body as { errors?: unknown } | undefined)?.errors;
    this.fieldErrors = Array.isArray(errors) ? (errors as { path: string; message: string }[]) : [];
  }
}

/** A call that was cancelled: by its caller, or by an identical call that superseded it. */
class CanceledError extends Error {
  constructor(reason = 'canceled') {
    super(reason);
    this.name = 'CanceledError';
  }
}

/** a 401 on the token check logs out */
const TOKEN_CHECK_PATH = endpointRoutes.tokenCheck.path;

let unauthorizedHandler: () => void = () => logout();

/** Replaces what a 401 on the token check does (tests). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** An answer as read off the wire. */
interface WireResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

/** An HTTP answer outside 2xx, or no answer at all (status 0). */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

interface InFlight {
  controller: AbortController;
  promise: Promise<WireResponse>;
  supersededBy?: InFlight;
}
const inFlight = new Map<string, InFlight>();

function stable(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

function requestKey(config: ApiRequestConfig, baseURL: string): string | null {
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) return null;
  return [config.method ?? 'GET', baseURL, config.url, stable(config.params), stable(config.data)].join(' ');
}

function readPagination(response: WireResponse): Pagination {
  const header = (name: string): number | null => {
    const raw = response.headers.get(name);
    const value = Number(raw);
    return raw === null || raw === '' || Number.isNaN(value) ? null : value;
  };
  const length = Array.isArray(response.data) ? response.data.length : 0;
  return {
    totalCount: header('x-pagination-total-count') ?? length,
    pageCount: header('x-pagination-page-count') ?? 1,
    currentPage: header('x-pagination-current-page') ?? 1,
    perPage: header('x-pagination-per-page') ?? length,
  };
}

function requestBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    typeof data === 'string'
  )
    return data;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** JSON when the answer is JSON, its text otherwise (an empty answer is ''). */
function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Rejects with a CanceledError once the signal aborts (whatever the fetch implementation does). */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const cancel = () => reject(new CanceledError(String(signal.reason ?? 'canceled')));
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
  });
}

async function exchange(
  config: ApiRequestConfig,
  baseURL: string,
  signal: AbortSignal,
): Promise<WireResponse> {
  const headers = new Headers({ Accept: 'application/json', ...config.headers });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const url = buildUrl(baseURL, config.url, config.params);
  // the boot script may have sent this very call already (the session's first calls)
  const early =
    token && (config.method ?? 'GET') === 'GET' && !config.headers ? takeEarly(url, token) : undefined;
  let response: Response;
  try {
    response =
      (await early) ??
      (await fetch(url, {
        method: config.method ?? 'GET',
        headers,
        body: requestBody(config.data, headers),
        signal,
      }));
  } catch (error) {
    if (signal.aborted) throw new CanceledError(String(signal.reason ?? 'canceled'));
    throw new HttpFailure(0, error instanceof Error && error.message ? 'Network Error' : String(error));
  }
  const data: unknown =
    config.responseType === 'blob' && response.ok ? await response.blob() : parseBody(await response.text());
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : response.statusText || `Request failed with status code ${response.status}`;
    throw new HttpFailure(response.status, message, data);
  }
  return { status: response.status, data, headers: response.headers };
}

function transport(config: ApiRequestConfig, baseURL: string, signal: AbortSignal): Promise<WireResponse> {
  const aborted = whenAborted(signal);
  const answer = exchange(config, baseURL, signal);
  // whichever settles second is of no interest
  aborted.catch(() => undefined);
  answer.catch(() => undefined);
  return Promise.race([answer, aborted]);
}

function send(config: ApiRequestConfig): { entry: InFlight; key: string | null } {
  const baseURL = config.baseURL ?? apiBaseUrl();
  const key = requestKey(config, baseURL);
  const controller = new AbortController();
  if (config.signal) {
    if (config.signal.aborted) controller.abort(config.signal.reason);
    else
      config.signal.addEventListener('abort', () => controller.abort(config.signal?.reason), { once: true });
  }
  const entry: InFlight = { controller, promise: transport(config, baseURL, controller.signal) };
  if (key) {
    const previous = inFlight.get(key);
    if (previous) {
      previous.supersededBy = entry;
      previous.controller.abort('superseded by an identical request');
    }
    inFlight.set(key, entry);
    const forget = () => {
      if (inFlight.get(key) === entry) inFlight.delete(key);
    };
    entry.promise.then(forget, forget);
  }
  return { entry, key };
}

/** Waits for a call, following the identical calls that superseded it. */
async function settle(entry: InFlight, callerSignal?: AbortSignal): Promise<WireResponse> {
  try {
    return await entry.promise;
  } catch (error) {
    if (error instanceof CanceledError && entry.supersededBy && !callerSignal?.aborted) {
      return settle(entry.supersededBy, callerSignal);
    }
    throw error;
  }
}

export function isCancelled(error: unknown): boolean {
  return error instanceof CanceledError || (error instanceof DOMException && error.name === 'AbortError');
}

function toApiError(error: unknown): ApiError {
  if (error instanceof HttpFailure) return new ApiError(error.status, error.message, error.body);
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

function isTokenCheck(url: string): boolean {
  return url.split('?')[0]?.replace(/\/+$/, '').endsWith(TOKEN_CHECK_PATH) ?? false;
}

export async function request<T>(
  config: ApiRequestConfig,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  // a screen's first render starts all its queries in one task (the effects of its commit): each
  // call is prepared and sent in a short task of its own, so that the page answers input and
  // paints in between
  await yieldToMain();
  requestStarted();
  const { entry } = send(config);
  try {
    const response = await settle(entry, config.signal);
    return { data: response.data as T, pagination: readPagination(response) };
  } catch (error) {
    if (isCancelled(error)) throw error;
    const apiError = toApiError(error);
    if (apiError.status === 401 && isTokenCheck(config.url)) {
      unauthorizedHandler();
      throw apiError;
    }
    // with the device offline (the browser says so), a call without answer leaves the page where it
    // is: its screen shows the failure, and the reports are kept on the device (docs/offline.md)
    const offline = apiError.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false;
    if (options.errors !== 'local' && !offline) setError(apiError.status, apiError.message);
    throw apiError;
  } finally {
    requestEnded();
  }
}

/** The raw variant: only the 401 logout case is handled; every other failure is the caller's. */
export async function rawRequest<T>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
  await yieldToMain();
  const { entry } = send(config);
  try {
    const response = await settle(entry, config.signal);
    return { data: response.data as T, pagination: readPagination(response) };
  } catch (error) {
    if (isCancelled(error)) throw error;
    const apiError = toApiError(error);
    if (apiError.status === 401) unauthorizedHandler();
    throw apiError;
  }
}

type Endpoint<I extends EndpointId> = EndpointById<I>;
type Route<I extends EndpointId> = (typeof endpointRoutes)[I];

/** The `:name` parameters of an express-style path. */
type PathParamNames<S extends string> = S extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : S extends `${string}:${infer Name}`
    ? Name
    : never;
type DeclaredParams<I extends EndpointId> = z.output<Endpoint<I>['params']>;
/** The path parameters of an endpoint: the names its path declares, typed as its params schema says (an id by default). */
type CallParams<I extends EndpointId> = {
  [K in PathParamNames<Route<I>['path']>]: K extends keyof DeclaredParams<I>
    ? unknown extends DeclaredParams<I>[K]
      ? number
      : DeclaredParams<I>[K]
    : number;
};
/** Its query: every parameter optional (the server applies the defaults), empty values left out. */
export type CallQuery<I extends EndpointId> = {
  [K in keyof z.output<Endpoint<I>['query']>]?: z.output<Endpoint<I>['query']>[K] | null;
};
type BodySchema<I extends EndpointId> = NonNullable<Endpoint<I>['body']>;
/** Its body as the schema takes it in; a multipart upload sends FormData. */
type CallBody<I extends EndpointId> =
  | ([z.input<BodySchema<I>>] extends [never] ? never : z.input<BodySchema<I>>)
  | (Route<I> extends { upload: true } ? FormData : never);
/** Its answer: the response schema's output, a Blob for a binary answer. */
export type CallResult<I extends EndpointId> =
  Route<I> extends { binary: true } ? Blob : z.output<Endpoint<I>['response']>;

type CallArgs<I extends EndpointId> = (keyof CallParams<I> extends never
  ? { params?: undefined }
  : { params: CallParams<I> }) &
  ([CallBody<I>] extends [never] ? { body?: undefined } : { body: CallBody<I> }) & {
    query?: CallQuery<I>;
    signal?: AbortSignal;
  };

interface CallOptions extends RequestOptions {
  /** only the 401 logout is handled (the session bootstrap): see rawRequest */
  raw?: boolean;
  /** another base address (the document service's, read from the contract's configuration) */
  baseURL?: string;
  /** extra request headers (the offline queue's Idempotency-Key) */
  headers?: Record<string, string>;
}

export type CallRest<I extends EndpointId> =
  Record<string, never> extends CallArgs<I>
    ? [args?: CallArgs<I>, options?: CallOptions]
    : [args: CallArgs<I>, options?: CallOptions];

/**
 * Calls one endpoint of the contract's table: `call('getSignal', { params: { signalId } })`.
 * The path, method and answer kind come from the table; a change of the table fails the typecheck
 * of every caller it affects.
 */
export function call<I extends EndpointId>(
  id: I,
  ...[args, options = {}]: CallRest<I>
): Promise<ApiResponse<CallResult<I>>> {
  const route: { method: Method; path: string; base?: 'documents'; binary?: true } = endpointRoutes[id];
  const { params, query, body, signal } = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const config: ApiRequestConfig = {
    method: route.method,
    url: endpointPath(route.path, params),
    params: wireQuery(query),
    data: body,
    signal,
    baseURL: options.baseURL,
    ...(options.headers ? { headers: options.headers } : {}),
    responseType: route.binary ? 'blob' : undefined,
  };
  return options.raw ? rawRequest<CallResult<I>>(config) : request<CallResult<I>>(config, options);
}

/** Like call(), answering the body only. */
export async function callData<I extends EndpointId>(id: I, ...rest: CallRest<I>): Promise<CallResult<I>> {
  return (await call(id, ...rest)).data;
}

/** The paging query of one page (pages start at 1), at the default page size unless told. */
export function pageQuery(
  page: number,
  perPage: number = PAGING.defaultItemsPerPage,
): { currentPage: number; itemsPerPage: number } {
  return { currentPage: page, itemsPerPage: perPage };
}

/**
 * The query of one page of a contract's list (signals, requests, public works): the contract, the
 * page at the given page size (the default one unless told), and the filters that are set (empty ones are left out).
 */
export function contractPageParams<F extends Record<string, unknown> = Record<never, never>>(
  contractId: number,
  page: number,
  filters: F = {} as F,
  perPage?: number,
): { contract: number; currentPage: number; itemsPerPage: number } & Partial<F> {
  const params: Record<string, unknown> = { contract: contractId, ...pageQuery(page, perPage) };
  for (const [name, value] of Object.entries(filters))
    if (value !== null && value !== undefined && value !== '') params[name] = value;
  return params as { contract: number; currentPage: number; itemsPerPage: number } & Partial<F>;
}
