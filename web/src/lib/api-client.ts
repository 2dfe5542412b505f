/**
 * The one HTTP seam of the portal (portal.md sections 7 and 8, STYLE.md "Data"), over one axios
 * instance:
 *
 * - base URL and timeout from the runtime configuration (the test host when test_env is on), read
 *   at each call; the bearer token from localStorage (a request interceptor); JSON;
 * - `request<T>()` answers `{ data, pagination }`, the paging read from the x-pagination-* headers
 *   (a response interceptor);
 * - an identical request (method + URL + params + body) still in flight is cancelled by the new
 *   one; the cancelled caller then receives the new call's answer, so only one call is current;
 * - cancelled requests are ignored (no error state); a caller's own abort (TanStack Query's
 *   `signal`) rejects with axios's CanceledError;
 * - a call that does not answer within `requestTimeoutMs` fails as a timeout (status 0);
 * - errors: an HTTP error puts its status and body message into the global error state (which
 *   redirects to an error page) and resets the loading flag; a network error or a timeout sets
 *   status 0; a 401 on /api/token-check clears local storage and logs out (a response interceptor);
 *   a network error while the browser says it is offline leaves the global state alone (the
 *   offline portal, docs/offline.md).
 *   `{ errors: 'local' }` lets a caller (a widget, a list tab) handle its own errors: the promise
 *   rejects with an ApiError and the global state is left alone (the 401 logout still applies).
 * - `rawRequest<T>()` handles only the 401 logout case.
 * - `{ keepalive }` (lib/keepalive.ts) sends a call that outlives the page (fetch's keepalive, at once).
 * - `call(endpointId, { params, query, body, signal, onUploadProgress })` is the typed seam every
 *   feature uses: the method and path come from the contract's endpoint table (through its
 *   schema-free route map, so the zod table never ships), the arguments and the answer are typed
 *   from the endpoint's schemas.
 */
import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { z } from 'zod';
import type { EndpointById, EndpointId } from '@portal/contract';
import { PAGING } from '@portal/contract/constants';
import { endpointRoutes } from '@portal/contract/endpoint-routes';
import { apiBaseUrl, runtimeConfig } from '@/config/runtime-config';
import { requestEnded, requestStarted, setError } from './app-state';
import { yieldToMain } from './yield-to-main';
import { uploadWatch } from './upload-watch';
import { endpointPath, queryString, wireQuery } from './api-url';
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

/** How far an upload has gone: bytes sent, and the share of the whole (0 to 1) when it is known. */
export interface UploadProgress {
  loaded: number;
  total?: number;
  progress?: number;
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
  /** told as the body goes out (an upload's progress bar) */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * the call outlives the page (a last save as the page goes away): sent at once, in the caller's
   * task, by fetch with `keepalive` (axios's fetch adapter, lib/keepalive.ts, and its `fetchOptions`)
   */
  keepalive?: Keepalive;
}

export interface RequestOptions {
  /** 'global' (default): failures set the global error state; 'local': the caller shows its own alert */
  errors?: 'global' | 'local';
}

/** What went wrong: an answer outside 2xx, no answer at all, or no answer in time. */
export type FailureKind = 'http' | 'network' | 'timeout';

/** A failed call: status 0 for a network error or a timeout. `message` is the server's own words. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly kind: FailureKind;
  readonly fieldErrors: { path: string; message: string }[];
  constructor(
    status: number,
    message: string,
    body?: unknown,
    kind: FailureKind = status ? 'http' : 'network',
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
    const errors = (body as { errors?: unknown } | undefined)?.errors;
    this.fieldErrors = Array.isArray(errors) ? (errors as { path: string; message: string }[]) : [];
  }
}

/** a 401 on the token check logs out */
const TOKEN_CHECK_PATH = endpointRoutes.tokenCheck.path;

let unauthorizedHandler: () => void = () => void logout();

/** Replaces what a 401 on the token check does (tests). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/**
 * The adapter that goes to the network: XMLHttpRequest (upload progress). axios's fetch adapter
 * is not in this chunk (tools/axios-fetch-apart.ts): a keepalive call brings its own.
 */
const network = axios.getAdapter('xhr');

/** How a call that outlives the page is sent: `keepalive` of lib/keepalive.ts. */
export interface Keepalive {
  /** axios's fetch adapter, given `fetchOptions.keepalive` */
  adapter: AxiosAdapter;
}

/**
 * Takes the boot script's answer of this very GET when it sent one (the session's first calls,
 * early-calls.ts), else goes to the network. The early answer's raw body goes through axios's own
 * transforms (JSON) and status check, as a network answer does.
 */
const earlyOrNetwork: AxiosAdapter = async (config) => {
  const token = getToken();
  const early =
    token && config.method === 'get' && config.responseType !== 'blob'
      ? takeEarly(http.getUri(config), token)
      : undefined;
  if (!early) return network(config);
  const answer = await early;
  const response: AxiosResponse = {
    data: answer.body,
    status: answer.status,
    statusText: answer.statusText,
    headers: AxiosHeaders.from(Object.fromEntries(answer.headers.entries())),
    config,
  };
  if (config.validateStatus && !config.validateStatus(answer.status)) {
    const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, null, response);
  }
  return response;
};

/** The portal's one axios instance; components never import axios (STYLE.md "Data"). */
const http = axios.create({
  headers: { Accept: 'application/json' },
  adapter: earlyOrNetwork,
  // the same query text as the boot script's early calls (api-url.ts), so their answers are found
  paramsSerializer: { serialize: (params: Record<string, unknown>) => queryString(params) },
});

function withRuntimeConfig(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.baseURL ??= apiBaseUrl();
  // an upload has no fixed limit: it fails when its progress stops (`uploadWatch`), whatever its size
  if ((config.timeout === undefined || config.timeout === 0) && !isUpload(config.data))
    config.timeout = runtimeConfig().requestTimeoutMs;
  return config;
}

function withBearerToken(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

/** An answer with its paging, read from the x-pagination-* headers (the body's length without them). */
type PagedResponse<T> = AxiosResponse<T> & { pagination: Pagination };

function readPagination(response: AxiosResponse): Pagination {
  const header = (name: string): number | null => {
    const raw: unknown = response.headers[name];
    const value = Number(raw);
    return raw === undefined || raw === null || raw === '' || Number.isNaN(value) ? null : value;
  };
  const length = Array.isArray(response.data) ? response.data.length : 0;
  return {
    totalCount: header('x-pagination-total-count') ?? length,
    pageCount: header('x-pagination-page-count') ?? 1,
    currentPage: header('x-pagination-current-page') ?? 1,
    perPage: header('x-pagination-per-page') ?? length,
  };
}

function isTokenCheck(url: string | undefined): boolean {
  return url?.split('?')[0]?.replace(/\/+$/, '').endsWith(TOKEN_CHECK_PATH) ?? false;
}

/** The server's message of a failed answer: its body's `message`, else the status text. */
function answerMessage(response: AxiosResponse): string {
  const data: unknown = response.data;
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string')
    return (data as { message: string }).message;
  return response.statusText || `Request failed with status code ${response.status}`;
}

/** Any failure as an ApiError (a cancellation stays axios's CanceledError). */
function toApiError(error: unknown): unknown {
  if (axios.isCancel(error) || error instanceof ApiError) return error;
  if (!(error instanceof AxiosError))
    return new ApiError(0, error instanceof Error ? error.message : String(error));
  if (error.response)
    return new ApiError(error.response.status, answerMessage(error.response), error.response.data);
  const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
  return new ApiError(0, error.message || 'Network Error', undefined, timedOut ? 'timeout' : 'network');
}

http.interceptors.request.use(withRuntimeConfig);
http.interceptors.request.use(withBearerToken);
http.interceptors.response.use(
  (response) => Object.assign(response, { pagination: readPagination(response) }),
  (error: unknown) => {
    const failure = toApiError(error);
    // portal.md section 8: a 401 on the token check clears local storage and logs out
    const config = error instanceof AxiosError ? error.config : undefined;
    if (failure instanceof ApiError && failure.status === 401) {
      if (isTokenCheck(config?.url) || (config as { raw?: boolean } | undefined)?.raw) unauthorizedHandler();
    }
    return Promise.reject(failure);
  },
);

interface InFlight {
  controller: AbortController;
  promise: Promise<PagedResponse<unknown>>;
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

function isUpload(data: unknown): boolean {
  return typeof FormData !== 'undefined' && data instanceof FormData;
}

function send(config: ApiRequestConfig, raw: boolean): InFlight {
  const baseURL = config.baseURL ?? apiBaseUrl();
  const key = requestKey(config, baseURL);
  const controller = new AbortController();
  if (config.signal) {
    if (config.signal.aborted) controller.abort(config.signal.reason);
    else
      config.signal.addEventListener('abort', () => controller.abort(config.signal?.reason), { once: true });
  }
  const axiosConfig: AxiosRequestConfig & { raw: boolean } = {
    method: config.method ?? 'GET',
    url: config.url,
    baseURL,
    params: config.params,
    data: config.data,
    headers: config.headers,
    responseType: config.responseType,
    onUploadProgress: config.onUploadProgress,
    signal: controller.signal,
    raw,
    ...(config.keepalive ? { adapter: config.keepalive.adapter, fetchOptions: { keepalive: true } } : {}),
  };
  // an upload fails on lost progress, not on a fixed time (upload-watch.ts)
  const limit = runtimeConfig().requestTimeoutMs;
  let stalled = false;
  const watch = isUpload(config.data)
    ? uploadWatch(limit, () => {
        stalled = true;
        // worded without "progress": a class name in a string brings its styles into every page
        controller.abort('the upload stalled');
      })
    : null;
  if (watch)
    axiosConfig.onUploadProgress = (progress: UploadProgress) => {
      watch.progress(progress);
      config.onUploadProgress?.(progress);
    };
  const request = http.request<unknown, PagedResponse<unknown>>(axiosConfig);
  const promise = watch
    ? request.then(
        (response) => {
          watch.stop();
          return response;
        },
        (error: unknown) => {
          watch.stop();
          if (stalled) throw new ApiError(0, `the upload stalled for ${limit}ms`, undefined, 'timeout');
          throw error;
        },
      )
    : request;
  const entry: InFlight = { controller, promise };
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
  return entry;
}

/** Waits for a call, following the identical calls that superseded it. */
async function settle(entry: InFlight, callerSignal?: AbortSignal): Promise<PagedResponse<unknown>> {
  try {
    return await entry.promise;
  } catch (error) {
    if (axios.isCancel(error) && entry.supersededBy && !callerSignal?.aborted) {
      return settle(entry.supersededBy, callerSignal);
    }
    throw error;
  }
}

/** Whether a call was cancelled (by its caller, or by an identical call): never an error to show. */
export function isCancelled(error: unknown): boolean {
  return axios.isCancel(error) || (error instanceof DOMException && error.name === 'AbortError');
}

export async function request<T>(
  config: ApiRequestConfig,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  // a screen's first render starts all its queries in one task (the effects of its commit): each
  // call is prepared and sent in a short task of its own, so that the page answers input and
  // paints in between
  // a keepalive call is made as the page goes away: no later task may come
  if (!config.keepalive) await yieldToMain();
  requestStarted();
  try {
    const response = await settle(send(config, false), config.signal);
    return { data: response.data as T, pagination: response.pagination };
  } catch (error) {
    if (isCancelled(error)) throw error;
    const apiError = error instanceof ApiError ? error : new ApiError(0, String(error));
    const loggedOut = apiError.status === 401 && isTokenCheck(config.url);
    // with the device offline (the browser says so), a call without answer leaves the page where it
    // is: its screen shows the failure, and the reports are kept on the device (docs/offline.md)
    const offline = apiError.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false;
    if (!loggedOut && !offline && options.errors !== 'local') setError(apiError.status, apiError.message);
    throw apiError;
  } finally {
    requestEnded();
  }
}

/** The raw variant: only the 401 logout case is handled; every other failure is the caller's. */
export async function rawRequest<T>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
  await yieldToMain();
  const response = await settle(send(config, true), config.signal);
  return { data: response.data as T, pagination: response.pagination };
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
    /** TanStack Query's signal: the call is cancelled when the query is */
    signal?: AbortSignal;
    /** an upload's progress, as its body goes out */
    onUploadProgress?: (progress: UploadProgress) => void;
  };

interface CallOptions extends RequestOptions {
  /** only the 401 logout is handled (the session bootstrap): see rawRequest */
  raw?: boolean;
  /** another base address (the document service's, read from the contract's configuration) */
  baseURL?: string;
  /** extra request headers (the offline queue's Idempotency-Key) */
  headers?: Record<string, string>;
  /** the call outlives the page (see ApiRequestConfig.keepalive) */
  keepalive?: Keepalive;
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
  const route: {
    method: Method;
    path: string;
    base?: 'documents';
    binary?: true;
    brackets?: readonly string[];
  } = endpointRoutes[id];
  const { params, query, body, signal, onUploadProgress } = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    onUploadProgress?: (progress: UploadProgress) => void;
  };
  const config: ApiRequestConfig = {
    method: route.method,
    url: endpointPath(route.path, params),
    params: wireQuery(query, route.brackets),
    data: body,
    signal,
    baseURL: options.baseURL,
    ...(options.headers ? { headers: options.headers } : {}),
    responseType: route.binary ? 'blob' : undefined,
    onUploadProgress,
    ...(options.keepalive ? { keepalive: options.keepalive } : {}),
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
