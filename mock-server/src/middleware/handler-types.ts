/** The shape of an endpoint handler: parse is done (validated params, query, body); call the store, answer. */
import type { z } from 'zod';
import type { EndpointById, EndpointId } from '@portal/contract';
import type { endpointRoutes } from '@portal/contract/endpoint-routes';
import type { UserRecord } from '@portal/fixtures';
import type { Partition } from '../runtime/partitions.ts';
import type { Db } from '../store/db.ts';
import type { MockRuntime } from '../runtime/mock-runtime.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
/** Path parameters the contract does not describe are positive integer ids (see contract/endpoint.ts). */
type IdParam =
  | 'contractId'
  | 'areaId'
  | 'organizationId'
  | 'userId'
  | 'siteId'
  | 'contactId'
  | 'photoId'
  | 'metadataId'
  | 'signalId'
  | 'requestId'
  | 'workId'
  | 'calendarId'
  | 'eventId'
  | 'categoryId'
  | 'contractServiceId'
  | 'configurationId';
type ParamsOf<T> =
  Out<T> extends infer O ? (unknown extends O[keyof O] ? Record<IdParam, number> : O) : never;
type BodyOf<D> = D extends { body?: infer B } ? (B extends z.ZodNever ? undefined : Out<B>) : undefined;

export interface UploadedFile {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** @public named in the declarations of the handler tables */
export interface HandlerInput<I extends EndpointId> {
  db: Db;
  /** null only for public endpoints */
  user: UserRecord;
  params: ParamsOf<EndpointById<I>['params']>;
  query: Out<EndpointById<I>['query']>;
  body: BodyOf<EndpointById<I>>;
  file?: UploadedFile;
  /** the contract the call was authorized for, when the endpoint has a scope */
  contractId: number | null;
  /** the mock server's own address, for absolute links (logos, stand-in pages) */
  origin: string;
  partition: Partition;
  runtime: MockRuntime;
}

/**
 * A page of a paginated list: the generic layer slices it, maps the page and sets the headers.
 * R is what one item of the answer looks like (the items' own type stays inside, see page()).
 */
export interface PageResult<R = unknown> {
  kind: 'page';
  items: readonly unknown[];
  map: (item: unknown) => R;
  /** the JSON text of `map(item)`, when the store keeps it (the page is then joined, not serialised) */
  json?: (item: unknown) => string;
}

export interface BinaryResult {
  kind: 'binary';
  contentType: string;
  data: Buffer;
  fileName?: string;
}

/** What an endpoint answers: the input of its response schema (what parses into it). */
type ResponseOf<I extends EndpointId> = z.input<EndpointById<I>['response']>;
type ItemOf<T> = T extends readonly (infer E)[] ? E : never;
/** The table's literal flags (the zod table widens them to boolean). */
type RouteOf<I extends EndpointId> = (typeof endpointRoutes)[I];

/**
 * What a handler returns, typed by its endpoint: a binary answer for a binary endpoint, a page of
 * items of the response's item type for a paginated one, else the response itself (null for a 204).
 * A handler answering another shape fails the typecheck.
 */
type HandlerOutput<I extends EndpointId> =
  RouteOf<I> extends { binary: true }
    ? BinaryResult
    : RouteOf<I> extends { paginated: true }
      ? PageResult<ItemOf<ResponseOf<I>>>
      : ResponseOf<I>;

export type Handler<I extends EndpointId> = (
  input: HandlerInput<I>,
) => HandlerOutput<I> | Promise<HandlerOutput<I>>;
export type Handlers = { [I in EndpointId]: Handler<I> };

export function page<T, R>(
  items: readonly T[],
  map: (item: T) => R,
  json?: (item: T) => string,
): PageResult<R> {
  return {
    kind: 'page',
    items,
    map: map as (item: unknown) => R,
    ...(json ? { json: json as (item: unknown) => string } : {}),
  };
}

export function binary(contentType: string, data: Buffer, fileName?: string): BinaryResult {
  return { kind: 'binary', contentType, data, ...(fileName ? { fileName } : {}) };
}
