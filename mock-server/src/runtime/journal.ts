/** The journal of the calls a partition received: a ring buffer, filters and live subscribers. */
import {
  compileGlob,
  type JournalEntry,
  type JournalFilter,
  type JournalOutcome,
} from '../../control-api/schemas.ts';
import type { JournalCapture } from '../../control-api/endpoints.ts';
import { SECRET_KEY as CONTRACT_SECRET_KEY } from '@portal/contract/configuration';

export type { JournalEntry, JournalFilter };

/**
 * What is never kept in clear, in the journal (query, headers, bodies), in the proxy's recordings
 * (query, answer bodies) and so in the file `portal record` writes: one list for all of them.
 * Secret headers keep their scheme (`Bearer ***`); secret keys (query parameters, JSON fields) and
 * personal JSON fields become `***`.
 */
const SECRET_HEADERS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
  'proxy-authorization',
]);
/** Secret names: the configurations' (SECRET_KEY of the contract) and the schemes of authentication. */
const SECRET_NAME = new RegExp(
  `${CONTRACT_SECRET_KEY.source}|authori[sz]ation|cookie|^(x-)?auth$|^auth[-_]|[-_]auth$`,
  'i',
);
const PERSONAL_FIELD =
  /^(e-?mail|(mobile_?)?phone|mobile|first_?name|last_?name|address|user_?name|login|mail)$/i;
/** A value that is an e-mail address: personal wherever it is (a `username` often holds one). */
const EMAIL_VALUE = /^[^\s@]{1,200}@[^\s@]{1,200}\.[^\s@]{2,}$/;
const MASK = '***';
const CAPTURED_BODY_LIMIT = 4096;

/** Request headers as the journal keeps them: tokens and cookies masked, keeping the scheme. */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] =
      SECRET_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name)
        ? text.replace(/^(\w+ )?.*$/, `$1${MASK}`)
        : text;
  }
  return out;
}

/** A raw query string (the text after `?`) with the values of secret parameters masked (`?token=***`). */
export function maskQueryText(query: string): string {
  if (query === '') return query;
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      let key = pair.slice(0, at);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judged as written
      }
      return SECRET_NAME.test(key) ? `${pair.slice(0, at)}=${MASK}` : pair;
    })
    .join('&');
}

/** Parsed query parameters with the secret ones masked. */
export function maskQuery(query: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) out[key] = SECRET_NAME.test(key) ? MASK : value;
  return out;
}

/** A string as kept: an e-mail address masked, JSON inside (a configuration's `metadata`) masked within. */
function maskText(text: string, depth: number): unknown {
  if (EMAIL_VALUE.test(text)) return MASK;
  const start = text.trimStart()[0];
  if ((start === '{' || start === '[') && text.length <= CAPTURED_BODY_LIMIT * 4) {
    try {
      return JSON.stringify(maskBody(JSON.parse(text) as unknown, depth + 1));
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A JSON body as the journal (and the recorder) keeps it: secrets and personal fields masked, and
 * e-mail addresses wherever they are, also inside a string that holds JSON.
 */
export function maskBody(body: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (typeof body === 'string') return maskText(body, depth);
  if (Array.isArray(body)) return body.map((item) => maskBody(item, depth + 1));
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] =
      SECRET_NAME.test(key) || (PERSONAL_FIELD.test(key) && typeof value === 'string')
        ? MASK
        : maskBody(value, depth + 1);
  }
  if (depth === 0 && JSON.stringify(out).length > CAPTURED_BODY_LIMIT)
    return { truncated: true, size: JSON.stringify(out).length };
  return out;
}

const JOURNAL_CAPACITY = 5000;
const OUTCOMES: readonly JournalOutcome[] = ['answered', 'dropped', 'aborted'];

/** What the journal is given of a call: its entry without the id, the time in ms since the epoch. */
export type JournalRecord = Omit<JournalEntry, 'id' | 'time'> & { time: number };

/** What few entries have besides their line, in the order of the entry's keys. */
type Extras = Pick<JournalEntry, 'rule' | 'proxied' | 'file' | 'headers' | 'body' | 'violation' | 'from'>;

/**
 * The paths, queries and personas of the entries, each text kept once: a call's own copy (a slice of
 * its address) is then dropped young instead of being kept by the ring. Bounded: emptied when full.
 */
const texts = new Map<string, string>();
const TEXTS_KEPT = 4096;

function interned(text: string): string {
  const known = texts.get(text);
  if (known !== undefined) return known;
  if (texts.size >= TEXTS_KEPT) texts.clear();
  texts.set(text, text);
  return text;
}

/**
 * The calls of a partition: a ring of the newest 5,000, each slot spread over arrays of numbers
 * and of shared texts rather than one object per call. At 10,000 calls a second, entries that are
 * objects all outlive the young generation and make every minor garbage collection copy them
 * (most of its pause); these arrays make none. The entries are made when they are listed.
 */
export class Journal {
  // one slot per entry, oldest first until the ring is full, then `head` is the oldest
  private readonly ids: number[] = [];
  private readonly times: number[] = [];
  private readonly durations: number[] = [];
  /** -1: no answer was sent */
  private readonly statuses: number[] = [];
  /** an index of OUTCOMES */
  private readonly outcomes: number[] = [];
  private readonly methods: string[] = [];
  private readonly paths: string[] = [];
  private readonly queries: string[] = [];
  private readonly personas: (string | null)[] = [];
  private readonly extras: (Extras | undefined)[] = [];
  private count = 0;
  /** where the next entry goes (once the ring is full: the oldest entry) */
  private head = 0;
  private nextId = 1;
  private readonly subscribers = new Set<(entry: JournalEntry) => void>();
  /** what each entry keeps besides its line: off by default (opt-in) */
  capture: JournalCapture = { headers: false, bodies: false };

  record(record: JournalRecord): void {
    const slot = this.head;
    this.ids[slot] = this.nextId++;
    this.times[slot] = record.time;
    this.durations[slot] = record.durationMs;
    this.statuses[slot] = record.status ?? -1;
    this.outcomes[slot] = OUTCOMES.indexOf(record.outcome);
    this.methods[slot] = record.method;
    this.paths[slot] = interned(record.path);
    this.queries[slot] = interned(record.query);
    this.personas[slot] = record.persona === null ? null : interned(record.persona);
    const { rule, proxied, file, headers, body, violation, from } = record;
    this.extras[slot] =
      rule || proxied || file || headers || body !== undefined || violation || from
        ? {
            ...(rule ? { rule } : {}),
            ...(proxied ? { proxied } : {}),
            ...(file ? { file } : {}),
            ...(headers ? { headers } : {}),
            ...(body !== undefined ? { body } : {}),
            ...(violation ? { violation } : {}),
            ...(from ? { from } : {}),
          }
        : undefined;
    this.head = (slot + 1) % JOURNAL_CAPACITY;
    if (this.count < JOURNAL_CAPACITY) this.count++;
    if (this.subscribers.size > 0) {
      const entry = this.entry(slot);
      for (const subscriber of this.subscribers) subscriber(entry);
    }
  }

  /** The slot of the i-th kept entry, oldest first. */
  private slot(i: number): number {
    return this.count < JOURNAL_CAPACITY ? i : (this.head + i) % JOURNAL_CAPACITY;
  }

  private entry(slot: number): JournalEntry {
    const status = this.statuses[slot] as number;
    return {
      id: this.ids[slot] as number,
      time: new Date(this.times[slot] as number).toISOString(),
      method: this.methods[slot] as string,
      path: this.paths[slot] as string,
      query: this.queries[slot] as string,
      status: status < 0 ? null : status,
      outcome: OUTCOMES[this.outcomes[slot] as number] as JournalOutcome,
      durationMs: this.durations[slot] as number,
      persona: this.personas[slot] as string | null,
      ...this.extras[slot],
    };
  }

  /** Entries matching the filter, oldest first (newest last), at most `limit` (the newest ones). */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const glob = filter.path ? compileGlob(filter.path) : null;
    const method = filter.method?.toUpperCase();
    const since = filter.since ? Date.parse(filter.since) : null;
    const found: number[] = [];
    for (let i = 0; i < this.count; i++) {
      const slot = this.slot(i);
      if (
        (!glob || glob.test(this.paths[slot] as string)) &&
        (filter.status === undefined || this.statuses[slot] === filter.status) &&
        (!filter.persona || this.personas[slot] === filter.persona) &&
        (!method || this.methods[slot] === method) &&
        (since === null || (this.times[slot] as number) >= since)
      )
        found.push(slot);
    }
    const kept = filter.limit !== undefined ? found.slice(Math.max(0, found.length - filter.limit)) : found;
    return kept.map((slot) => this.entry(slot));
  }

  /** The entries with a contract violation (live validation), oldest first, at most `limit` (the newest). */
  violations(filter: Pick<JournalFilter, 'since' | 'limit'> = {}): JournalEntry[] {
    const since = filter.since ? Date.parse(filter.since) : null;
    const found: number[] = [];
    for (let i = 0; i < this.count; i++) {
      const slot = this.slot(i);
      if (this.extras[slot]?.violation && (since === null || (this.times[slot] as number) >= since))
        found.push(slot);
    }
    const kept = filter.limit !== undefined ? found.slice(Math.max(0, found.length - filter.limit)) : found;
    return kept.map((slot) => this.entry(slot));
  }

  clear(): void {
    for (const list of [
      this.ids,
      this.times,
      this.durations,
      this.statuses,
      this.outcomes,
      this.methods,
      this.paths,
      this.queries,
      this.personas,
      this.extras,
    ])
      list.length = 0;
    this.count = 0;
    this.head = 0;
  }

  subscribe(listener: (entry: JournalEntry) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }
}
