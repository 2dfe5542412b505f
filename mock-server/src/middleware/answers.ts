/**
 * The kept answers of plain reads (runtime/answers.ts), a step of express's pipeline just before the
 * API's routes (app.ts): everything before it has run for this call (nosniff, CORS, the partition,
 * the token and its user, the journal, latency and rules, hybrid mode's chosen paths). A GET asked
 * again by the same caller of the same state is written from the bytes kept from an earlier answer;
 * otherwise the call goes on and, when the address was asked before, the API's router hands the JSON
 * answer it makes to `keeperOf`, which writes it and keeps it.
 */
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { EndpointId } from '@portal/contract';
import type { KeptAnswer } from '../runtime/answers.ts';
import { ctxOf, runtimeOf } from './context.ts';

/**
 * Reads whose answer changes without the state changing (a token minted at the moment of the call,
 * its expiry): never kept (test/answers.test.ts moves the clock under every read to find them).
 */
const MINTED: ReadonlySet<string> = new Set<EndpointId>([
  'metabaseUserToken',
  'thingsBoardUserToken',
  'powerBiEmbed',
]);

type Keeper = (answer: KeptAnswer) => void;

/** The mock server's own address as the call named it (absolute links in the answers). */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

/**
 * Writes an answer as kept: the answer's own headers after the ones this call's steps set
 * (nosniff, CORS), the same bytes whether it was just made or kept.
 */
function write(res: ServerResponse, answer: KeptAnswer): void {
  res.writeHead(answer.status, answer.headers as string[]);
  res.end(answer.body);
}

export function keptAnswers(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET') return next();
  const runtime = runtimeOf(req);
  const { partition, user } = ctxOf(res);
  const db = partition.db;
  const stamp = runtime.answers.stampOf(db, runtime.changes);
  // per partition, server address, caller and address of the call (path and query as sent)
  const key = `${partition.name}\n${originOf(req)}\n${user ? user.id : ''}\n${req.originalUrl}`;
  const kept = runtime.answers.get(key, stamp);
  if (kept) return write(res, kept);
  // an address asked for the first time: made and written, not kept
  if (!runtime.answers.admit(key)) return next();
  const keep: Keeper = (made) => {
    write(res, made);
    runtime.answers.set(key, stamp, db, runtime.changes, made);
  };
  res.locals.keep = keep;
  next();
}

/** Where the API's router gives the JSON answer of `endpoint` to be written and kept, if it may be kept. */
export function keeperOf(res: Response, endpoint: EndpointId): Keeper | undefined {
  return MINTED.has(endpoint) ? undefined : (res.locals.keep as Keeper | undefined);
}
