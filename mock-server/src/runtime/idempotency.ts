/**
 * The first answers of the calls that carried an `Idempotency-Key` (IETF draft
 * draft-ietf-httpapi-idempotency-key-header; the endpoints marked `idempotent` in the contract):
 * the same key from the same user within IDEMPOTENCY_WINDOW_MS answers the first result again and
 * changes nothing; the same key with another request answers 422. Kept per store, so a reset, a
 * loaded scenario or an imported state forgets them with the state they were made in. Bounded in
 * count, the oldest dropped first.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_WINDOW_MS } from '@portal/contract/constants';
import type { Db } from '../store/db.ts';
import { ApiFailure } from '../store/errors.ts';

/** A first answer as written: its status and JSON text. */
export interface FirstAnswer {
  status: number;
  text: string;
}

interface Entry {
  fingerprint: string;
  at: number;
  answer: FirstAnswer;
}

/** keys kept at most per user of a store: one user's flood never evicts another user's keys */
const MAX_KEYS_PER_USER = 1000;
/** the draft leaves the length open; a key is a UUID in practice */
const MAX_KEY_LENGTH = 255;

/** Per store: each user's keys, oldest first, and the calls under way by user and key. */
interface Store {
  users: Map<number, Map<string, Entry>>;
  running: Map<string, Promise<unknown>>;
}

const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = { users: new Map(), running: new Map() };
    stores.set(db, store);
  }
  return store;
}

/** What makes two calls "the same request": endpoint, path parameters, body and file bytes. */
export function fingerprintOf(parts: {
  endpointId: string;
  params: unknown;
  body: unknown;
  file?: { buffer: Buffer; mimetype: string; originalname: string };
}): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([parts.endpointId, parts.params ?? null, parts.body ?? null]));
  if (parts.file) {
    hash.update(`\0${parts.file.mimetype}\0${parts.file.originalname}\0`);
    hash.update(parts.file.buffer);
  }
  return hash.digest('base64url');
}

/** A key as received: 400 when it is empty or too long. */
export function checkKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed === '' || trimmed.length > MAX_KEY_LENGTH)
    throw new ApiFailure(400, `The Idempotency-Key header must have 1 to ${MAX_KEY_LENGTH} characters`, [
      { path: 'Idempotency-Key', message: 'invalid' },
    ]);
  return trimmed;
}

/**
 * The first answer of this user's key, when it was given within the window; a 422 when the key
 * was used for another request; undefined when the key is new (or expired).
 */
export function replayOf(
  db: Db,
  userId: number,
  key: string,
  fingerprint: string,
  now: number,
): FirstAnswer | undefined {
  const keys = storeOf(db).users.get(userId);
  const entry = keys?.get(key);
  if (!keys || !entry) return undefined;
  if (now - entry.at >= IDEMPOTENCY_WINDOW_MS) {
    keys.delete(key);
    return undefined;
  }
  if (entry.fingerprint !== fingerprint)
    throw new ApiFailure(422, 'This Idempotency-Key was already used for another request', [
      { path: 'Idempotency-Key', message: 'reused with another body' },
    ]);
  return entry.answer;
}

/** Keeps the first answer of a key; past MAX_KEYS_PER_USER, that user's oldest key goes. */
export function keepFirst(
  db: Db,
  userId: number,
  key: string,
  fingerprint: string,
  answer: FirstAnswer,
  now: number,
): void {
  const users = storeOf(db).users;
  let keys = users.get(userId);
  if (!keys) {
    keys = new Map();
    users.set(userId, keys);
  }
  keys.set(key, { fingerprint, at: now, answer });
  while (keys.size > MAX_KEYS_PER_USER) {
    const oldest = keys.keys().next().value;
    if (oldest === undefined) break;
    keys.delete(oldest);
  }
}

/**
 * Runs a call that carries an Idempotency-Key once: the first answer of the key is answered again
 * (`replayed`), a call whose key is in use by a call under way waits for that call and then answers
 * its result (or runs, when that call failed: a failure is not kept), and a key used for another
 * request answers 422.
 */
export async function onceByKey(
  db: Db,
  userId: number,
  key: string,
  fingerprint: string,
  run: () => Promise<FirstAnswer>,
): Promise<{ answer: FirstAnswer; replayed: boolean }> {
  const { running } = storeOf(db);
  const id = `${userId}:${key}`;
  for (;;) {
    const first = replayOf(db, userId, key, fingerprint, Date.now());
    if (first) return { answer: first, replayed: true };
    const under = running.get(id);
    if (!under) break;
    await under.catch(() => undefined);
  }
  const call = run();
  running.set(id, call);
  try {
    const answer = await call;
    keepFirst(db, userId, key, fingerprint, answer, Date.now());
    return { answer, replayed: false };
  } finally {
    running.delete(id);
  }
}
