/** Test helpers: a mock server on a random port, and fetch wrappers (partition, token, JSON). */
import { request, type IncomingHttpHeaders } from 'node:http';
import type { State } from '@portal/fixtures';
import { startMockServer, type RunningMockServer } from '../src/server.ts';

export interface Call {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export class Client {
  private tokens = new Map<string, string>();
  constructor(
    readonly server: RunningMockServer,
    readonly partition?: string,
  ) {}

  get url(): string {
    return this.server.url;
  }

  async raw(
    method: string,
    path: string,
    init: {
      token?: string | null;
      body?: unknown;
      headers?: Record<string, string>;
      rawBody?: RequestInit['body'];
    } = {},
  ): Promise<Call> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.partition) headers['x-mock-partition'] = this.partition;
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: RequestInit['body'] | undefined = init.rawBody;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await fetch(`${this.server.url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = undefined;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  async token(persona: string): Promise<string> {
    const cached = this.tokens.get(persona);
    if (cached) return cached;
    const answer = await this.raw('POST', `/__mock/personas/${persona}/token`);
    if (answer.status !== 200) throw new Error(`no token for ${persona}: ${answer.status} ${answer.text}`);
    this.tokens.set(persona, answer.body.token);
    return answer.body.token;
  }

  /** A call as a persona (null: no token). */
  async as(persona: string | null, method: string, path: string, body?: unknown): Promise<Call> {
    return this.raw(method, path, {
      token: persona ? await this.token(persona) : null,
      ...(body !== undefined ? { body } : {}),
    });
  }

  async state(): Promise<State> {
    return (await this.raw('GET', '/__mock/state')).body as State;
  }

  async stateText(): Promise<string> {
    return (await this.raw('GET', '/__mock/state')).text;
  }

  forget(): void {
    this.tokens.clear();
  }
}

export async function startQuiet(
  options: Parameters<typeof startMockServer>[0] = {},
): Promise<RunningMockServer> {
  return startMockServer({ port: 0, quiet: true, today: '2026-06-15', ...options });
}

/** A call written as given (fetch would resolve `%2e%2e` and refuse to set Host), with its answer. */
export function rawRequest(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers, method }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
