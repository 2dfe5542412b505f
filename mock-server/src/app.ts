/** Builds the mock server's express app (no listen): see server.ts for startMockServer. */
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import express, { type Express, type Request, type Response } from 'express';
import { controlRouter } from './control/router.ts';
import { keptAnswers } from './middleware/answers.ts';
import { cors } from './middleware/cors.ts';
import { resolveContext } from './middleware/context.ts';
import { errorHandler, notFoundRoute } from './middleware/errors.ts';
import { applyRules } from './middleware/rules.ts';
import { ownHostOnly } from './middleware/host.ts';
import { refuseDotSegments } from './middleware/paths.ts';
import { journal } from './middleware/journal.ts';
import { proxyChosen, proxyUnknown } from './middleware/proxy.ts';
import { handlers } from './routes/index.ts';
import { contractValidation } from './middleware/live-validation.ts';
import { mapRouter } from './routes/map.ts';
import { apiRouter, compileApi } from './middleware/register.ts';
import { signInRouter } from './routes/sign-in.ts';
import { standInsRouter } from './routes/stand-ins.ts';
import { MockRuntime, type MockOptions } from './runtime/mock-runtime.ts';

export type { MockOptions } from './runtime/mock-runtime.ts';
export { MockRuntime } from './runtime/mock-runtime.ts';

/** Methods that change nothing. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const API_BODY_LIMIT = 1024 * 1024;
const CONTROL_BODY_LIMIT = 200 * 1024 * 1024;

/** Query strings: repeated keys become lists, `a[]=` is the same as `a=`. */
export function parseQuery(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const existing = out[key];
    if (existing === undefined) out[key] = rawKey.endsWith('[]') ? [value] : value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

export function createApp(options: MockOptions | MockRuntime = {}): Express {
  const runtime = options instanceof MockRuntime ? options : new MockRuntime(options);
  const app = express();
  app.locals.runtime = runtime;
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', parseQuery);

  app.use((req, res, next) => {
    // no answer is ever sniffed into another type (an uploaded file, a JSON error)
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // an answer to an authenticated call is that user's: no cache (a shared one, the browser's) keeps it
    if (req.headers.authorization !== undefined) res.setHeader('Cache-Control', 'no-store');
    // a call that may change something: the answers kept before it (runtime/answers.ts) are not
    // written again, nor those made while it runs (counted again once it is over)
    if (!READS.has(req.method as string)) {
      runtime.changes++;
      res.once('close', () => runtime.changes++);
    }
    next();
  });
  app.use(cors, refuseDotSegments);
  // before the control router: a foreign Host (DNS rebinding) reaches none of its routes
  app.use('/__mock', ownHostOnly, express.json({ limit: CONTROL_BODY_LIMIT }), controlRouter());
  app.use(resolveContext, journal);
  // after the body is read: stubs may match fields of the JSON body, and live validation reads it
  // before the rules and the proxy, so that their answers are checked too
  const jsonBody = express.json({ limit: runtime.options.bodyLimit ?? API_BODY_LIMIT });
  // a GET or HEAD has no body to read: the parser's own checks cost a share of every read call
  app.use(
    (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : jsonBody(req, res, next)),
    contractValidation,
    applyRules,
    proxyChosen,
  );
  // the API first: its calls find their endpoint in one lookup without walking the other routes
  // (none of their paths is an API path: /saml, /tiles, /geocoder, /assets/logos, /documents/view, /stand-in);
  // a read asked again of the same state is written from the answer kept (middleware/answers.ts)
  app.use(keptAnswers, apiRouter(compileApi(handlers)));
  app.use(signInRouter(), mapRouter(), standInsRouter());
  app.use(proxyUnknown);
  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}

/**
 * The classes of the HTTP server's request and answer objects (server.ts), made with the app's own
 * prototypes: express gives every call's two objects these prototypes when the call comes in
 * (`app.handle`), and V8 handles an object whose prototype was swapped more slowly everywhere after
 * (Node's own HTTP code too); an object made with the prototype it is given is left as it was.
 * docs/decisions.md has the figures.
 */
export function httpClasses(app: Express): ServerOptions {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as unknown as Request;
  app.response = AppResponse.prototype as unknown as Response;
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse as typeof ServerResponse };
}
