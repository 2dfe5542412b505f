/** The journal of the calls a partition received: a ring buffer, filters and live subscribers. */
import { compileGlob, type JournalCapture, type JournalEntry, type JournalFilter } from '@portal/contract';

export type { JournalEntry, JournalFilter };

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization']);
const SECRET_FIELD = /pass(word)?|token|secret|authorization|credential/i;
const PERSONAL_FIELD = /^(e-?mail|phone|mobile|first_?name|last_?name|address)$/i;
const CAPTURED_BODY_LIMIT = 4096;

/** Request headers as the journal keeps them: tokens and cookies masked, keeping the scheme. */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? text.replace(/^(\w+ )?.*$/, '$1***') : text;
  }
  return out;
}

/** A JSON body as the journal (and the recorder) keeps it: secrets and personal fields masked. */
export function maskBody(body: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (Array.isArray(body)) return body.map((item) => maskBody(item, depth + 1));
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] =
      SECRET_FIELD.test(key) || (PERSONAL_FIELD.test(key) && typeof value === 'string')
        ? '***'
        : maskBody(value, depth + 1);
  }
  if (depth === 0 && JSON.stringify(out).length > CAPTURED_BODY_LIMIT)
    return { truncated: true, size: JSON.stringify(out).length };
  return out;
}

const JOURNAL_CAPACITY = 5000;

export class Journal {
  /** a ring: once full, each entry overwrites the oldest (no array shift per call) */
  private ring: JournalEntry[] = [];
  /** where the next entry goes once the ring is full (= the oldest entry) */
  private head = 0;
  private nextId = 1;
  private readonly subscribers = new Set<(entry: JournalEntry) => void>();
  /** what each entry keeps besides its line: off by default (opt-in) */
  capture: JournalCapture = { headers: false, bodies: false };

  record(entry: Omit<JournalEntry, 'id'>): JournalEntry {
    const full = { id: this.nextId++, ...entry };
    if (this.ring.length < JOURNAL_CAPACITY) {
      this.ring.push(full);
    } else {
      this.ring[this.head] = full;
      this.head = (this.head + 1) % JOURNAL_CAPACITY;
    }
    for (const subscriber of this.subscribers) subscriber(full);
    return full;
  }

  /** The kept entries, oldest first. */
  private get entries(): JournalEntry[] {
    return this.head === 0 ? this.ring : [...this.ring.slice(this.head), ...this.ring.slice(0, this.head)];
  }

  /** Entries matching the filter, oldest first (newest last), at most `limit` (the newest ones). */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const glob = filter.path ? compileGlob(filter.path) : null;
    const method = filter.method?.toUpperCase();
    const since = filter.since ? Date.parse(filter.since) : null;
    const found = this.entries.filter(
      (e) =>
        (!glob || glob.test(e.path)) &&
        (filter.status === undefined || e.status === filter.status) &&
        (!filter.persona || e.persona === filter.persona) &&
        (!method || e.method === method) &&
        (since === null || Date.parse(e.time) >= since),
    );
    return filter.limit !== undefined ? found.slice(Math.max(0, found.length - filter.limit)) : found;
  }

  clear(): void {
    this.ring = [];
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
