/** The journal of the calls a partition received: a ring buffer, filters and live subscribers. */
import { compileGlob, type JournalEntry, type JournalFilter } from '@portal/contract';

export type { JournalEntry, JournalFilter };

export const JOURNAL_CAPACITY = 5000;

export class Journal {
  /** a ring: once full, each entry overwrites the oldest (no array shift per call) */
  private ring: JournalEntry[] = [];
  /** where the next entry goes once the ring is full (= the oldest entry) */
  private head = 0;
  private nextId = 1;
  private readonly subscribers = new Set<(entry: JournalEntry) => void>();

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
