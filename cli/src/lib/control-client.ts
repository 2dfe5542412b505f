/**
 * The CLI's face of the one control client (@portal/mock-server/control): the same calls,
 * with every failure turned into a CliError that names the address tried, so `portal` never
 * prints a stack trace for a server that is down or answers an error.
 */
import type { Command } from 'commander';
import {
  ControlApiError,
  ControlNotJsonError,
  MockControl,
  type CallOptions,
} from '@portal/mock-server/control';
import { CliError, EXIT, describeError } from './errors.ts';
import { mockUrlOf, partitionOf } from './options.ts';

/** The address of the mock's health row, for waiting on a server that is starting. */
export function healthUrl(baseUrl: string): string {
  return new MockControl(baseUrl).urlOf('health');
}

export class ControlClient extends MockControl {
  static of(command: Command): ControlClient {
    return new ControlClient(mockUrlOf(command), partitionOf(command));
  }

  /** The raw answer, network failures turned into "cannot reach" errors. */
  override async send(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    try {
      return await super.send(method, path, options);
    } catch (error) {
      throw unreachable(this.baseUrl, error);
    }
  }

  override async request<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    try {
      return await super.request<T>(method, path, options);
    } catch (error) {
      if (error instanceof ControlApiError) throw httpError(method, error.url, error.status, error.body);
      if (error instanceof ControlNotJsonError)
        throw new CliError(error.message, 1, [
          `is ${this.baseUrl} really the mock server? Check --mock-url or MOCK_URL.`,
        ]);
      if (error instanceof CliError) throw error;
      throw unreachable(this.baseUrl, error);
    }
  }
}

function unreachable(baseUrl: string, error: unknown): CliError {
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
function httpError(method: string, url: string, status: number, text: string): CliError {
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
