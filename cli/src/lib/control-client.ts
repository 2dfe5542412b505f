/**
 * A small fetch wrapper for the mock server's control API (/__mock). Every failure becomes a
 * CliError that names the address tried, so `portal` never prints a stack trace for a server
 * that is down or answers an error.
 */
import type { Command } from 'commander';
import { CliError, EXIT, describeError } from './errors.ts';
import { mockUrlOf, partitionOf } from './options.ts';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** milliseconds before giving up (default 30 s) */
  timeoutMs?: number;
}

export class ControlClient {
  constructor(
    readonly baseUrl: string,
    readonly partition?: string,
  ) {}

  static of(command: Command): ControlClient {
    return new ControlClient(mockUrlOf(command), partitionOf(command));
  }

  url(path: string, query: Query = {}): string {
    const url = new URL(path, `${this.baseUrl}/`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: 'application/json',
      ...(this.partition ? { 'x-mock-partition': this.partition } : {}),
      ...extra,
    };
  }

  /** Opens a response, turning network failures into "cannot reach" errors. */
  async fetch(
    method: string,
    path: string,
    options: RequestOptions & { signal?: AbortSignal } = {},
  ): Promise<Response> {
    const target = this.url(path, options.query);
    const init: RequestInit = {
      method,
      headers: this.headers(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? AbortSignal.timeout(options.timeoutMs ?? 30_000),
    };
    try {
      return await fetch(target, init);
    } catch (error) {
      throw unreachable(this.baseUrl, error);
    }
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.fetch(method, path, options);
    const text = await response.text();
    if (!response.ok) throw httpError(method, this.url(path, options.query), response.status, text);
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(
        `${method} ${this.url(path, options.query)} answered ${response.status} with a body that is not JSON`,
        1,
        [`is ${this.baseUrl} really the mock server? Check --mock-url or MOCK_URL.`],
      );
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
}

export function unreachable(baseUrl: string, error: unknown): CliError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new CliError(
    timedOut
      ? `the mock server at ${baseUrl} did not answer in time`
      : `cannot reach the mock server at ${baseUrl}: ${describeError(error)}`,
    1,
    [
      'start it with `npx portal serve` (or `npm run start:mock`),',
      'or point the CLI at a running one with --mock-url URL or the MOCK_URL environment variable.',
    ],
  );
}

/** Statuses by which the mock refuses a value the user gave (unknown scenario, bad id): exit 2. */
const REFUSED_INPUT = new Set([400, 404, 409, 422]);

/**
 * A 4xx/5xx answer: the server's `{ message, errors }` when it sent one. A JSON refusal of the
 * user's input (400, 404, 409, 422) is a usage error (exit 2); anything else a failure (exit 1).
 */
export function httpError(method: string, url: string, status: number, text: string): CliError {
  let message = text.trim().slice(0, 300);
  const hints: string[] = [];
  let refused = false;
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: { path?: unknown; message?: unknown }[] };
    if (typeof body.message === 'string') {
      message = body.message;
      refused = REFUSED_INPUT.has(status) && !message.startsWith('No control route');
    }
    for (const issue of body.errors ?? [])
      hints.push(`${String(issue.path ?? '')}: ${String(issue.message ?? '')}`);
  } catch {
    // not JSON: keep the raw text
  }
  return new CliError(
    `${method} ${url} answered ${status}${message ? `: ${message}` : ''}`,
    refused ? EXIT.misuse : EXIT.failure,
    hints,
  );
}
