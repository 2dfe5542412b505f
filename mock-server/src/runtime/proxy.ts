/**
 * Hybrid mode: chosen calls (path globs), or the calls no route of the mock answers, go to a real
 * backend; the answers come back as they are. Recording keeps each answer as a stub input (tokens
 * and personal fields masked), which `portal record` writes to a file and `portal stub import`
 * replays.
 */
import type { Request, Response } from 'express';
import { compileGlob, proxyInput, type PathGlob, type StubInput } from '../../control-api/schemas.ts';
import type { ProxySettings } from '../../control-api/endpoints.ts';
import type { z } from 'zod';
import { maskBody, maskQuery } from './journal.ts';

export { proxyInput };

/** Recordings kept at most (the oldest go first). */
const RECORDINGS_CAPACITY = 1000;
/** Answer headers worth replaying: the type and the paging headers. */
const KEPT_HEADERS = /^(content-type|x-pagination-.*)$/i;
/** Request headers never forwarded: hop-by-hop, the mock's own, the body length (re-encoded). */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'x-mock-partition',
  'cookie',
  // the portal's token is the mock's own: it never goes to the backend (which gets the backend token, if any)
  'authorization',
  'x-auth-token',
]);

export class Proxy {
  private settings: z.output<typeof proxyInput>;
  private globs: PathGlob[] = [];
  private recordings: StubInput[] = [];

  constructor(initial: z.input<typeof proxyInput> = { target: null }) {
    this.settings = proxyInput.parse(initial);
    this.globs = this.settings.paths.map(compileGlob);
  }

  set(input: z.output<typeof proxyInput>): ProxySettings {
    this.settings = input;
    this.globs = input.paths.map(compileGlob);
    return this.view();
  }

  view(): ProxySettings {
    const { target, paths, unknown, record, token } = this.settings;
    return { target, paths, unknown, record, hasToken: !!token, recorded: this.recordings.length };
  }

  get target(): string | null {
    return this.settings.target;
  }

  takes(path: string): boolean {
    return !!this.settings.target && this.globs.some((g) => g.test(path));
  }

  get takesUnknown(): boolean {
    return !!this.settings.target && this.settings.unknown;
  }

  listRecordings(): StubInput[] {
    return this.recordings;
  }

  clearRecordings(): number {
    const count = this.recordings.length;
    this.recordings = [];
    return count;
  }

  /**
   * Sends the call to the backend and answers with its answer (502 naming the backend when it cannot);
   * `answered` is called just before the backend's answer is sent (the journal marks the call proxied).
   */
  async forward(req: Request, res: Response, answered: () => void): Promise<void> {
    const target = this.settings.target as string;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || DROPPED_HEADERS.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    if (this.settings.token) headers.authorization = `Bearer ${this.settings.token}`;
    const hasBody = !['GET', 'HEAD'].includes(req.method) && req.body !== undefined;
    // the address the backend gets is the one matched: fetch's parser must not read another path
    // in it (app.ts refuses dot segments; this is the last check before a token goes out)
    const url = new URL(`${target}${req.originalUrl}`);
    if (url.pathname !== `${new URL(target).pathname.replace(/\/$/, '')}${req.path}`) {
      res.status(400).json({ message: `The address ${req.path} is not sent as it is: not forwarded` });
      return;
    }
    let answer: globalThis.Response;
    try {
      answer = await fetch(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      res
        .status(502)
        .json({ message: `The proxied backend ${target} did not answer: ${(error as Error).message}` });
      return;
    }
    const bytes = Buffer.from(await answer.arrayBuffer());
    const kept: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (KEPT_HEADERS.test(name)) kept[name] = value;
    });
    answered();
    res.status(answer.status).set(kept).send(bytes);
    if (this.settings.record) this.record(req, answer.status, kept, bytes);
  }

  private record(req: Request, status: number, headers: Record<string, string>, bytes: Buffer): void {
    let body: unknown;
    try {
      body = bytes.length ? (JSON.parse(bytes.toString('utf8')) as unknown) : undefined;
    } catch {
      return; // only JSON answers become stubs
    }
    const query = maskQuery(
      Object.fromEntries(
        Object.entries(req.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
    );
    const { 'content-type': _type, ...responseHeaders } = headers;
    this.recordings.push({
      method: req.method as StubInput['method'],
      path: req.path,
      ...(Object.keys(query).length ? { query } : {}),
      status,
      ...(Object.keys(responseHeaders).length ? { responseHeaders } : {}),
      ...(body === undefined ? {} : { body: maskBody(body, 1) }),
    });
    if (this.recordings.length > RECORDINGS_CAPACITY) this.recordings.shift();
  }
}
