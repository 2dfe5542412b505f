/**
 * The direct path of the mock server (server.ts): a plain read of the endpoint table is answered
 * without express, whose per-call setup (it swaps the prototypes of Node's request and answer
 * objects, which V8 then handles more slowly everywhere) cost more than the rest of the call
 * together (docs/bench.md, session 18). The same steps run in the same order as through express
 * (app.ts): nosniff, context, journal, the endpoint's answer or its JSON error; an answer made
 * before from the same state for the same caller is written again as it was (runtime/answers.ts).
 * Everything else goes to express: other methods, the control API, calls with an Origin (CORS),
 * hybrid mode, a partition with latency or rules, binary answers, paths express would parse
 * differently, unknown paths.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Express } from 'express';
import type { EndpointId } from '@portal/contract';
import { parseQuery } from './app.ts';
import { contextOf, type RequestContext } from './middleware/context.ts';
import { BEARER_CHALLENGE, errorAnswer } from './middleware/errors.ts';
import { journalOnClose } from './middleware/journal.ts';
import { matchRoute } from './routes/dispatch.ts';
import { sendJson, type Api, type Registered } from './routes/register.ts';
import type { KeptAnswer } from './runtime/answers.ts';
import type { MockRuntime } from './runtime/mock-runtime.ts';

/** Characters after which parseurl (express) reads an address differently from a plain split at '?'. */
const UNUSUAL = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * Reads whose answer changes without the state changing (a token minted at the moment of the call,
 * its expiry): never kept (test/answers.test.ts moves the clock under every read to find them).
 */
const MINTED: ReadonlySet<string> = new Set<EndpointId>([
  'metabaseUserToken',
  'thingsBoardUserToken',
  'powerBiEmbed',
]);

const NOSNIFF = ['X-Content-Type-Options', 'nosniff'];

/** Writes an answer as kept (runtime/answers.ts): the same bytes whether it was just made or kept. */
function write(res: ServerResponse, answer: KeptAnswer): void {
  res.writeHead(answer.status, answer.headers as string[]);
  res.end(answer.body);
}

/** Answers the call and says true, or says false and leaves it untouched for express. */
function direct(req: IncomingMessage, res: ServerResponse, runtime: MockRuntime, api: Api): boolean {
  const url = req.url ?? '';
  if (req.method !== 'GET' || url.charCodeAt(0) !== 47 || req.headers.origin !== undefined) return false;
  if (runtime.proxy.target !== null || UNUSUAL.test(url)) return false;
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  // express mounts the control API at /__mock without case
  if (path.slice(0, 7).toLowerCase() === '/__mock') return false;
  let context: RequestContext;
  try {
    context = contextOf(runtime, req);
  } catch {
    // a bad partition name: express answers the error
    return false;
  }
  const { partition, user } = context;
  if (partition.latency.maxMs > 0 || partition.faults.size > 0) return false;
  const query = at < 0 ? '' : url.slice(at + 1);
  const protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const origin = `${protocol}://${req.headers.host ?? 'localhost'}`;
  // the answer of this call if it was made before from the same state, for the same caller
  const db = partition.db;
  const stamp = runtime.answers.stampOf(db, runtime.changes);
  const key = `${partition.name}\n${origin}\n${user ? user.id : ''}\n${url}`;
  const kept = runtime.answers.get(key, stamp);
  if (kept) {
    journalOnClose(req, res, context, path, query);
    write(res, kept);
    return true;
  }
  let found: ReturnType<typeof matchRoute<Registered>> = null;
  try {
    found = matchRoute(api.table, 'GET', path);
  } catch {
    // a malformed parameter: express answers the error
  }
  if (!found || found.value.def.binary) return false;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  journalOnClose(req, res, context, path, query);
  const keep = MINTED.has(found.value.def.id)
    ? undefined
    : (made: KeptAnswer) => {
        const answer = { ...made, headers: [...NOSNIFF, ...made.headers] };
        write(res, answer);
        runtime.answers.set(key, stamp, partition.db, runtime.changes, answer);
      };
  api
    .answer({
      res,
      endpoint: found.value,
      params: found.params,
      query: parseQuery(query),
      body: undefined,
      context,
      runtime,
      origin,
      ...(keep ? { keep } : {}),
    })
    .catch((error: unknown) => {
      if (res.headersSent) {
        res.end();
        return;
      }
      const answer = errorAnswer(error, { method: req.method, url });
      if (answer.bearer) res.setHeader('WWW-Authenticate', BEARER_CHALLENGE);
      sendJson(res, answer.status, JSON.stringify(answer.body));
    });
  return true;
}

/** The server's request listener: the direct path first, express for the rest. */
export function directListener(app: Express): RequestListener {
  const runtime = app.locals.runtime as MockRuntime;
  const api = app.locals.api as Api;
  return (req, res) => {
    if (!direct(req, res, runtime, api)) app(req, res);
  };
}
