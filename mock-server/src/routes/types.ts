/** The shape of an endpoint handler: parse is done (validated params, query, body); call the store, answer. */
import type { z } from 'zod';
import type { EndpointById, EndpointId } from '@portal/contract';
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

/** A page of a paginated list: the generic layer slices it, maps the page and sets the headers. */
export interface PageResult<T = unknown> {
  kind: 'page';
  items: readonly T[];
  map: (item: T) => unknown;
  /** the JSON text of `map(item)`, when the store keeps it (the page is then joined, not serialised) */
  json?: (item: T) => string;
}

export interface BinaryResult {
  kind: 'binary';
  contentType: string;
  data: Buffer;
  fileName?: string;
}

export type HandlerOutput = unknown;

export type Handler<I extends EndpointId> = (input: HandlerInput<I>) => HandlerOutput;
export type Handlers = { [I in EndpointId]: Handler<I> };

export function page<T>(
  items: readonly T[],
  map: (item: T) => unknown,
  json?: (item: T) => string,
): PageResult<T> {
  return { kind: 'page', items, map: map as (item: T) => unknown, ...(json ? { json } : {}) };
}

export function binary(contentType: string, data: Buffer, fileName?: string): BinaryResult {
  return { kind: 'binary', contentType, data, ...(fileName ? { fileName } : {}) };
}
