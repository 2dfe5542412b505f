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
 *   a 401 on /api/token-check clears local storage and logs out.
 *   `{ errors: 'local' }` lets a caller (a widget, a list tab) handle its own errors: the promise
 *   rejects with an ApiError and the global state is left alone (the 401 logout still applies).
 * - `rawRequest<T>()` handles only the 401 logout case.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios';
import { PAGING } from '@portal/contract/constants';
import { apiBaseUrl } from '@/config/runtime-config';
import { requestEnded, requestStarted, setError } from './app-state';
import { getToken } from './auth/storage';
import { logout } from './auth/logout';

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
  responseType?: AxiosRequestConfig['responseType'];
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

export const TOKEN_CHECK_PATH = '/api/token-check';

let instance: AxiosInstance | null = null;
let unauthorizedHandler: () => void = () => logout();

/** Replaces what a 401 on the token check does (tests). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function http(): AxiosInstance {
  if (!instance) {
    instance = axios.create({ headers: { Accept: 'application/json' } });
    instance.interceptors.request.use((config) => {
      const token = getToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
  }
  return instance;
}

interface InFlight {
  controller: AbortController;
  promise: Promise<AxiosResponse>;
  supersededBy?: InFlight;
}
const inFlight = new Map<string, InFlight>();

function stable(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

function requestKey(config: ApiRequestConfig, baseURL: string): string | null {
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) return null;
  return [config.method ?? 'GET', baseURL, config.url, stable(config.params), stable(config.data)].join(' ');
}

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

function send(config: ApiRequestConfig): { entry: InFlight; key: string | null } {
  const baseURL = config.baseURL ?? apiBaseUrl();
  const key = requestKey(config, baseURL);
  const controller = new AbortController();
  if (config.signal) {
    if (config.signal.aborted) controller.abort(config.signal.reason);
    else
      config.signal.addEventListener('abort', () => controller.abort(config.signal?.reason), { once: true });
  }
  const axiosConfig: AxiosRequestConfig = {
    method: config.method ?? 'GET',
    url: config.url,
    baseURL,
    params: config.params,
    data: config.data,
    headers: config.headers,
    responseType: config.responseType,
    signal: controller.signal,
  };
  const entry: InFlight = { controller, promise: http().request(axiosConfig) };
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
async function settle(entry: InFlight, callerSignal?: AbortSignal): Promise<AxiosResponse> {
  try {
    return await entry.promise;
  } catch (error) {
    if (axios.isCancel(error) && entry.supersededBy && !callerSignal?.aborted) {
      return settle(entry.supersededBy, callerSignal);
    }
    throw error;
  }
}

export function isCancelled(error: unknown): boolean {
  return axios.isCancel(error) || (error instanceof DOMException && error.name === 'AbortError');
}

function toApiError(error: unknown): ApiError {
  if (axios.isAxiosError(error)) {
    if (error.response) {
      const body: unknown = error.response.data;
      const bodyMessage =
        body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : null;
      return new ApiError(
        error.response.status,
        bodyMessage ?? error.response.statusText ?? error.message,
        body,
      );
    }
    return new ApiError(0, error.message || 'Network Error');
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

function isTokenCheck(url: string): boolean {
  return url.split('?')[0]?.replace(/\/+$/, '').endsWith(TOKEN_CHECK_PATH) ?? false;
}

export async function request<T>(
  config: ApiRequestConfig,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
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
    if (options.errors !== 'local') setError(apiError.status, apiError.message);
    throw apiError;
  } finally {
    requestEnded();
  }
}

/** The raw variant: only the 401 logout case is handled; every other failure is the caller's. */
export async function rawRequest<T>(config: ApiRequestConfig): Promise<ApiResponse<T>> {
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

/**
 * The query of one page of a contract's list (signals, requests, public works): the contract, the
 * page at the default page size, and the filters that are set (empty ones are left out).
 */
export function contractPageParams(
  contractId: number,
  page: number,
  filters: Record<string, string | number | null | undefined> = {},
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    contract: contractId,
    currentPage: page,
    itemsPerPage: PAGING.defaultItemsPerPage,
  };
  for (const [name, value] of Object.entries(filters))
    if (value !== null && value !== undefined && value !== '') params[name] = value;
  return params;
}
