/**
 * Generic registration: every entry of the contract's endpoint table becomes a route:
 * authenticate (unless public) -> validate params/query/body -> authorize (roles, then scope)
 * -> upload (multipart) -> the handler -> the answer (pagination headers, 204, binary).
 * The journal, latency and the rules (stubs and faults) run before, for every call (see app.ts).
 */
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { acceptedImageType, IDEMPOTENT_REPLAYED_HEADER } from '@portal/contract/constants';
import { endpointList } from '@portal/contract/endpoints';
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import type { EndpointDef, EndpointId } from '@portal/contract';
import { keeperOf, originOf } from './answers.ts';
import { authorize } from './authorize.ts';
import { ctxOf, runtimeOf, type RequestContext } from './context.ts';
import { validateInput } from './validate.ts';
import type { KeptAnswer } from '../runtime/answers.ts';
import { checkKey, fingerprintOf, onceByKey } from '../runtime/idempotency.ts';
import type { MockRuntime } from '../runtime/mock-runtime.ts';
import {
  compareRoutes,
  compileRoutes,
  fullPath,
  matchRoute,
  type RouteTable,
} from '../runtime/route-match.ts';
import { ApiFailure } from '../store/errors.ts';
import type { BinaryResult, Handler, Handlers, PageResult, UploadedFile } from './handler-types.ts';
import { storableImage } from '../store/svg.ts';
import { feedBody } from '../runtime/uplink.ts';

function isPage(value: unknown): value is PageResult {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'page';
}

function isBinary(value: unknown): value is BinaryResult {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'binary';
}

function receiveUpload(def: EndpointDef, req: Request, res: Response): Promise<UploadedFile> {
  const spec = def.upload as NonNullable<EndpointDef['upload']>;
  const options: multer.Options & { streamHandler: ReturnType<typeof feedBody> } = {
    storage: multer.memoryStorage(),
    limits: { fileSize: spec.maxBytes, files: 1, fields: 20, parts: 30 },
    // browsers write a part's `filename="…"` in UTF-8 without saying so (RFC 7578 section 4.2);
    // multer's default (latin1) would turn `éclairage.jpg` into `Ã©clairage.jpg`
    defParamCharset: 'utf8',
    // a slow uplink fault: the body is read at its pace (runtime/uplink.ts)
    streamHandler: feedBody(ctxOf(res).uplinkBytesPerSecond),
  };
  const middleware = multer(options).single(spec.field);
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) {
      reject(
        new ApiFailure(400, `Expected a multipart/form-data body with a file field "${spec.field}"`, [
          { path: spec.field, message: 'required' },
        ]),
      );
      return;
    }
    middleware(req, res, (error: unknown) => {
      if (error) {
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') {
          reject(
            new ApiFailure(413, `The file is larger than ${spec.maxBytes} bytes`, [
              { path: spec.field, message: 'too large' },
            ]),
          );
        } else {
          reject(
            new ApiFailure(400, `Invalid upload: ${(error as Error).message ?? 'malformed multipart body'}`, [
              { path: spec.field, message: 'invalid upload' },
            ]),
          );
        }
        return;
      }
      const file = (req as Request & { file?: UploadedFile }).file;
      if (file) ctxOf(res).upload = { name: file.originalname, type: file.mimetype, size: file.size };
      if (!file) {
        reject(
          new ApiFailure(400, `A file is required in the field "${spec.field}"`, [
            { path: spec.field, message: 'required' },
          ]),
        );
        return;
      }
      // an alias (image/vnd.microsoft.icon) is stored under its accepted name (image/x-icon)
      const type = acceptedImageType(file.mimetype) ?? file.mimetype;
      if (!spec.types.includes(type)) {
        reject(
          new ApiFailure(
            415,
            `Unsupported file type ${file.mimetype || 'unknown'} for "${spec.field}" (${file.originalname}): accepted ${spec.types.join(', ')}`,
            [{ path: spec.field, message: 'unsupported type' }],
          ),
        );
        return;
      }
      storableImage({ ...file, mimetype: type }, spec.field).then(resolve, reject);
    });
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer with the headers res.json gives it, written in one piece: header and body go out
 * in one write when the body is a string (express's res.send turns it into a Buffer first, which
 * costs a copy and a second buffer per call).
 */
function sendJson(res: ServerResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** A JSON answer made into bytes, with the headers res.json gives it after the endpoint's own. */
function keptAnswer(status: number, headers: string[], text: string): KeptAnswer {
  const body = Buffer.from(text);
  return {
    status,
    headers: [...headers, 'Content-Type', JSON_TYPE, 'Content-Length', String(body.length)],
    body,
  };
}

/**
 * Writes the handler's result. With `keep` (a read whose answer may be kept, middleware/answers.ts),
 * a JSON answer is not written here but made into bytes and given to `keep`, which writes it and
 * keeps it.
 */
function send(
  def: EndpointDef,
  res: ServerResponse,
  result: unknown,
  query: Record<string, unknown>,
  keep: ((answer: KeptAnswer) => void) | undefined,
): void {
  if (isBinary(result)) {
    // never kept: written as it is
    sendBinary(res as Response, result);
    return;
  }
  if (isPage(result)) {
    const perPage = Number(query.itemsPerPage ?? 20);
    const current = Number(query.page ?? query.currentPage ?? 1);
    const total = result.items.length;
    const start = (current - 1) * perPage;
    const items = result.items.slice(start, start + perPage);
    const headers = [
      PAGINATION_HEADERS.totalCount,
      String(total),
      PAGINATION_HEADERS.pageCount,
      String(Math.ceil(total / perPage)),
      PAGINATION_HEADERS.currentPage,
      String(current),
      PAGINATION_HEADERS.perPage,
      String(perPage),
    ];
    // with result.json: the same bytes as JSON.stringify(items.map(result.map))
    const text = result.json
      ? `[${items.map(result.json).join(',')}]`
      : JSON.stringify(items.map(result.map));
    if (keep) {
      keep(keptAnswer(def.status, headers, text));
      return;
    }
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string);
    sendJson(res, def.status, text);
    return;
  }
  if (def.status === 204 || result === undefined) {
    res.statusCode = def.status === 200 && result === undefined ? 204 : def.status;
    res.end();
    return;
  }
  const text = JSON.stringify(result);
  if (keep) keep(keptAnswer(def.status, [], text));
  else sendJson(res, def.status, text);
}

function sendBinary(res: Response, result: BinaryResult): void {
  res.status(200).type(result.contentType);
  res.setHeader('Cache-Control', 'private, max-age=60');
  // an SVG can carry scripts: never rendered as a page of the API's origin
  const svg = result.contentType.toLowerCase().startsWith('image/svg');
  if (svg) res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (result.fileName || svg)
    res.setHeader(
      'Content-Disposition',
      contentDisposition(svg ? 'attachment' : 'inline', result.fileName ?? 'image.svg'),
    );
  res.end(result.data);
}

/**
 * A Content-Disposition header for any file name (RFC 6266): an ASCII `filename` (other characters,
 * quotes and backslashes as `_`) and, when it differs, the exact name as `filename*=UTF-8''…` (RFC 5987).
 */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === name) return `${kind}; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** One registered endpoint: its table entry and its handler. */
interface Registered {
  def: EndpointDef;
  handler: Handler<EndpointId>;
}

/** One call to answer, as express's pipeline brings it to the endpoint's route. */
interface ApiCall {
  res: ServerResponse;
  endpoint: Registered;
  params: Record<string, string>;
  /** the query string parsed (app.ts's parseQuery) */
  query: unknown;
  body: unknown;
  context: RequestContext;
  runtime: MockRuntime;
  /** the mock server's own address, for absolute links */
  origin: string;
  /** reads the multipart upload of an upload endpoint */
  upload?: (def: EndpointDef) => Promise<UploadedFile>;
  /** takes the JSON answer as bytes, to write and keep it, instead of it being written (middleware/answers.ts) */
  keep?: (answer: KeptAnswer) => void;
  /** the Idempotency-Key header, when the call carried one (express calls only: writes) */
  idempotencyKey?: string;
}

export interface Api {
  table: RouteTable<Registered>;
  /** authenticate -> validate -> authorize -> upload -> the handler -> the answer; throws ApiFailure */
  answer(call: ApiCall): Promise<void>;
}

/** The endpoint table compiled once, with a handler for every endpoint (an error names the missing ones). */
export function compileApi(handlers: Partial<Handlers>): Api {
  const missing = endpointList.filter((def) => !handlers[def.id as EndpointId]).map((def) => def.id);
  if (missing.length) throw new Error(`no handler for the endpoints ${missing.join(', ')}`);
  const table = compileRoutes(
    [...endpointList].sort(compareRoutes).map((def) => ({
      method: def.method,
      path: fullPath(def),
      value: { def, handler: handlers[def.id as EndpointId] as Handler<EndpointId> },
    })),
  );
  const answer = async ({
    res,
    endpoint,
    params,
    query,
    body,
    context,
    runtime,
    origin,
    upload,
    keep,
    idempotencyKey,
  }: ApiCall) => {
    const { def, handler } = endpoint;
    if (!def.public && !context.user) {
      throw new ApiFailure(401, `Unauthorized: ${context.tokenError}`);
    }
    const db = context.partition.db;
    const input = validateInput(def, { params, query, body });
    const contractId = context.user && !def.public ? authorize(def, db, context.user, input) : null;
    if (def.upload && !upload) throw new Error(`${def.id}: an upload endpoint answered without its upload`);
    const file = def.upload && upload ? await upload(def) : undefined;
    // a call sent again with its key (its first answer was lost): the first answer, nothing changed
    const once =
      def.idempotent && idempotencyKey !== undefined && context.user
        ? {
            userId: context.user.id,
            key: checkKey(idempotencyKey),
            fingerprint: fingerprintOf({ endpointId: def.id, params: input.params, body: input.body, file }),
          }
        : null;
    const run = () =>
      handler({
        db,
        user: context.user as NonNullable<typeof context.user>,
        params: input.params as never,
        query: input.query as never,
        body: input.body as never,
        ...(file ? { file } : {}),
        contractId,
        origin,
        partition: context.partition,
        runtime,
      });
    if (once) {
      // one call per key at a time: the others wait for its answer and answer it again
      const { answer, replayed } = await onceByKey(db, once.userId, once.key, once.fingerprint, async () => ({
        status: def.status,
        text: JSON.stringify(await run()),
      }));
      if (replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
      sendJson(res, answer.status, answer.text);
      return;
    }
    const result = await run();
    send(def, res, result, input.query as Record<string, unknown>, keep);
  };
  return { table, answer };
}

export function apiRouter(api: Api): RequestHandler {
  return (req, res, next) => {
    let found: ReturnType<typeof matchRoute<Registered>>;
    try {
      found = matchRoute(api.table, req.method, req.path);
    } catch (error) {
      next(error);
      return;
    }
    if (!found) {
      next();
      return;
    }
    req.params = found.params;
    const keep = keeperOf(res, found.value.def.id as EndpointId);
    api
      .answer({
        res,
        endpoint: found.value,
        params: found.params,
        query: req.query,
        body: req.body,
        context: ctxOf(res),
        runtime: runtimeOf(req),
        origin: originOf(req),
        upload: (def) => receiveUpload(def, req, res),
        idempotencyKey: req.get('idempotency-key'),
        ...(keep ? { keep } : {}),
      })
      .catch(next);
  };
}
