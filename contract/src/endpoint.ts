/**
 * The shape of one row of the endpoint table. The mock server validates and authorizes from it,
 * builds its OpenAPI document from it, and the CLI checks a real backend against it.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a call is tied to a tenant, so that the server can check that the caller belongs to it.
 * `param` names a path or query parameter; `in` says where it is.
 */
export type Scope =
  | { kind: 'contract'; param: string; in: 'path' | 'query' | 'body' }
  | { kind: 'organization'; param: string; in: 'path' | 'query' }
  | {
      kind:
        | 'area'
        | 'user'
        | 'industrialSite'
        | 'sitePhoto'
        | 'calendar'
        | 'contractService'
        | 'configuration'
        | 'signal'
        | 'signalPhoto'
        | 'request'
        | 'publicWork';
      param: string;
    }
  | { kind: 'owner' }
  /** the contract of the object a calendar belongs to (path parameters objectType and objectId) */
  | { kind: 'calendarObject' }
  /**
   * the contract whose realm a query parameter names; when none has it, the call covers the
   * contracts where the caller holds the roles (the handler's list)
   */
  | { kind: 'realm'; param: string }
  | { kind: 'self' };

/** Which part of the spec describes the call; `declared` calls are only named there. */
export type SpecSource = 'portal' | 'territorial-admin' | 'declared' | 'screens';

export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  Id extends string = string,
> {
  id: Id;
  method: HttpMethod;
  /** express-style path: /api/contract/:contractId/user */
  path: string;
  summary: string;
  tag: string;
  source: SpecSource;
  params: P;
  query: Q;
  body?: B;
  response: R;
  /** status of a successful answer */
  status: number;
  /** sends the four x-pagination-* headers */
  paginated: boolean;
  /** callable without a token */
  public: boolean;
  /** at least one of these roles may call it; empty: any signed-in user */
  roles: readonly string[];
  scope?: Scope;
  /** multipart upload: the file field's name */
  upload?: { field: string; types: readonly string[]; maxBytes: number };
  /** binary answer (an image): response describes nothing */
  binary?: boolean;
  /** the base address it goes to: the backend, or the document service */
  base: 'api' | 'documents';
  /** error statuses it answers beyond those every call of its kind answers (see openapi.ts) */
  errors?: readonly number[];
  /**
   * takes an `Idempotency-Key` header (IETF draft "The Idempotency-Key HTTP Header Field"): the same
   * key from the same user within IDEMPOTENCY_WINDOW_MS answers the first result again and changes
   * nothing; the same key with another body answers 422. Without the header, every call counts.
   */
  idempotent?: boolean;
}

/** One row of the table without its schemas: what the portal needs to send a call (endpoint-routes.ts). */
export interface EndpointRoute {
  method: HttpMethod;
  path: string;
  base?: 'documents';
  binary?: true;
  paginated?: true;
  /** a multipart upload */
  upload?: true;
  /** the list query parameters sent as the spec writes them, `name[]` repeated (the others comma-joined) */
  brackets?: readonly string[];
}

type EndpointInput<P, Q, B, R, Id extends string> = {
  id: Id;
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  source: SpecSource;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  paginated?: boolean;
  public?: boolean;
  roles?: readonly string[];
  scope?: Scope;
  upload?: { field: string; types: readonly string[]; maxBytes: number };
  binary?: boolean;
  base?: 'api' | 'documents';
  errors?: readonly number[];
  idempotent?: boolean;
};

const noParams = z.object({});

export function endpoint<
  const Id extends string,
  P extends z.ZodType = z.ZodObject,
  Q extends z.ZodType = z.ZodObject,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(def: EndpointInput<P, Q, B, R, Id>): EndpointDef<P, Q, B, R, Id> {
  const declaredParams = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  return {
    ...def,
    params: (def.params ?? noParams) as P,
    query: (def.query ?? noParams) as Q,
    status: def.status ?? (def.method === 'POST' ? 201 : def.method === 'DELETE' ? 204 : 200),
    paginated: def.paginated ?? false,
    public: def.public ?? false,
    roles: def.roles ?? [],
    base: def.base ?? 'api',
    ...(declaredParams.length && !def.params ? { params: pathParams(declaredParams) as unknown as P } : {}),
  };
}

/** Every path parameter not described otherwise is a positive integer id. */
function pathParams(names: (string | undefined)[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((name) => [name as string, id])));
}

/** A positive integer id, taken from a path or a query string. */
export const id = z.coerce.number().int().positive();

/** The paging query of every paginated list: pages start at 1. */
export const paging = {
  currentPage: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(9999).default(20),
};

/** A boolean read from a query string: 'true' / 'false' / '1' / '0'. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/**
 * How a list query parameter travels (OpenAPI `style: form`): `brackets` repeats the bracketed name
 * (`typeCodes[]=a&typeCodes[]=b`, explode true), as the spec writes it where it writes `name[]`;
 * `comma` sends the name once, the items comma-joined (`areas=1,2`, explode false).
 */
export type ListForm = 'brackets' | 'comma';

const listForms = new WeakMap<object, ListForm>();

/** The wire form of a list query parameter; undefined for a parameter that is not a list. */
export function listFormOf(schema: unknown): ListForm | undefined {
  return typeof schema === 'object' && schema !== null ? listForms.get(schema) : undefined;
}

/**
 * A list read from a query string in its declared wire form. The server reads both forms (and plain
 * repeats); live validation in strict mode refuses the form the contract does not declare.
 */
export function queryList<T extends z.ZodType>(item: T, form: ListForm = 'comma') {
  const schema = z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : [value];
    return list
      .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
      .filter((x) => x !== '');
  }, z.array(item).optional());
  listForms.set(schema, form);
  return schema;
}

export const PAGINATION_HEADERS = {
  totalCount: 'x-pagination-total-count',
  pageCount: 'x-pagination-page-count',
  currentPage: 'x-pagination-current-page',
  perPage: 'x-pagination-per-page',
} as const;

/** The error body every 4xx of the mock server answers. */
export const apiError = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;
