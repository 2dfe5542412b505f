/**
 * The direct path of the mock server (server.ts): a plain read of the endpoint table is answered
 * without express, whose per-call setup (it swaps the prototypes of Node's request and answer
 * objects, which V8 then handles more slowly everywhere) cost more than the rest of the call
 * together (docs/bench.md, session 18). The same steps run in the same order as through express
 * (app.ts): nosniff, context, journal, the endpoint's answer or its JSON error. Everything else goes
 * to express: other methods, the control API, calls with an Origin (CORS), hybrid mode, a partition
 * with latency or rules, binary answers, paths express would parse differently, unknown paths.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Express } from 'express';
import { parseQuery } from './app.ts';
import { contextOf, type RequestContext } from './middleware/context.ts';
import { BEARER_CHALLENGE, errorAnswer } from './middleware/errors.ts';
import { journalOnClose } from './middleware/journal.ts';
import { matchRoute } from './routes/dispatch.ts';
import { sendJson, type Api, type Registered } from './routes/register.ts';
import type { MockRuntime } from './runtime/mock-runtime.ts';

/** Characters after which parseurl (express) reads an address differently from a plain split at '?'. */
const UNUSUAL = /[\t\n\f\r #\u00a0\ufeff]/;

/** Answers the call and says true, or says false and leaves it untouched for express. */
function direct(req: IncomingMessage, res: ServerResponse, runtime: MockRuntime, api: Api): boolean {
  const url = req.url ?? '';
  if (req.method !== 'GET' || url.charCodeAt(0) !== 47 || req.headers.origin !== undefined) return false;
  if (runtime.proxy.target !== null || UNUSUAL.test(url)) return false;
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  // express mounts the control API at /__mock without case
  if (path.slice(0, 7).toLowerCase() === '/__mock') return false;
  let found: ReturnType<typeof matchRoute<Registered>> = null;
  let context: RequestContext | null = null;
  try {
    found = matchRoute(api.table, 'GET', path);
    if (found && !found.value.def.binary) context = contextOf(runtime, req);
  } catch {
    // a malformed parameter, a bad partition name: express answers the error
  }
  if (!found || !context) return false;
  const { partition } = context;
  if (partition.latency.maxMs > 0 || partition.faults.size > 0) return false;
  const query = at < 0 ? '' : url.slice(at + 1);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  journalOnClose(req, res, context, path, query);
  const protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  api
    .answer({
      res,
      endpoint: found.value,
      params: found.params,
      query: parseQuery(query),
      body: undefined,
      context,
      runtime,
      origin: `${protocol}://${req.headers.host ?? 'localhost'}`,
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
