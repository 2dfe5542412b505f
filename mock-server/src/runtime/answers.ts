/**
 * The answers of plain reads already written, as bytes (kept by middleware/answers.ts, a step of
 * express's pipeline): a read asked again, by the same caller, of the same state, writes them again
 * instead of validating, authorizing, running the handler and serialising: on the large scenario at
 * 50 connections, the mock's CPU per read of a users page or an organizations search went from 58-70
 * to 21-33 us (a bare node:http server writing a fixed page of 20 users takes 18 us on the same
 * machine).
 *
 * An answer is kept for one state as it is: the partition's store (a loaded scenario, a reset, an
 * import make a new one), its version (bumped by every write of the store) and the runtime's count
 * of the calls that may change something (every call that is not GET, HEAD or OPTIONS, counted when
 * it starts and when it ends: the API's writes, the control API's scenarios, personas, roles, state
 * imports). When any of them moves, the answers kept before are never written again. Within a
 * state, an answer is keyed by the partition, the server's address as the call named it (absolute
 * links), the caller (the user of the token, who was authorized for it) and the full address of the
 * call (path and query as sent). It holds the answer's own headers only: those of the call (nosniff,
 * CORS) are set by the steps before it on every call.
 *
 * Nothing else is skipped on a kept read: the token and its user are checked, the journal records
 * the call, the partition's latency and rules apply before it. Bounded in count and bytes, the
 * oldest dropped first.
 *
 * Only an address asked again is kept: the first read of an address is made, written and noted; the
 * second one keeps its answer; a read whose kept answer a change made stale keeps its next one at
 * once. Reads asked once (a search typed letter by letter, a page visited once) never pay for
 * copying their answer and pushing older ones out: with every call a new address, a page of 50
 * users cost 80 us of CPU kept, 61 us not (docs/decisions.md).
 */
import type { Db } from '../store/db.ts';

/** An answer as written: status, headers (name, value, name, value...) in order, body. */
export interface KeptAnswer {
  status: number;
  headers: readonly string[];
  body: Buffer;
}

/** One state as it was: the answers made from it are valid while it is the current one. */
interface Stamp {
  version: number;
  changes: number;
}

interface Entry {
  stamp: Stamp;
  answer: KeptAnswer;
}

export interface AnswerLimits {
  /** answers kept at most, every partition together */
  entries: number;
  /** bytes of the bodies kept at most, every partition together */
  bytes: number;
}

const DEFAULT_LIMITS: AnswerLimits = { entries: 4096, bytes: 32 * 1024 * 1024 };

export class AnswerCache {
  /** in insertion order: the first is the oldest */
  private readonly entries = new Map<string, Entry>();
  /** the current stamp of each store (a store replaced by another is forgotten with it) */
  private readonly stamps = new WeakMap<Db, Stamp>();
  private bytes = 0;
  /** reads answered from here */
  private hits = 0;
  /** addresses asked once and not kept yet, oldest first, at most `limits.entries` */
  private readonly noted = new Set<string>();

  constructor(private readonly limits: AnswerLimits = DEFAULT_LIMITS) {}

  /** The state `db` is in now, `changes` being the runtime's count of calls that may change something. */
  stampOf(db: Db, changes: number): Stamp {
    let stamp = this.stamps.get(db);
    if (!stamp || stamp.version !== db.version || stamp.changes !== changes) {
      stamp = { version: db.version, changes };
      this.stamps.set(db, stamp);
    }
    return stamp;
  }

  /** The answer kept under `key` for this state, if any. */
  get(key: string, stamp: Stamp): KeptAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp === stamp) {
      this.hits++;
      return entry.answer;
    }
    this.remove(key, entry);
    // kept once and asked again: its next answer is kept at once
    this.noted.add(key);
    return undefined;
  }

  /**
   * Whether the answer about to be made for `key` should be kept: true when the address was asked
   * before (noted, or kept and made stale since); otherwise the address is noted, and false.
   */
  admit(key: string): boolean {
    if (this.noted.delete(key)) return true;
    if (this.noted.size >= this.limits.entries) {
      const oldest = this.noted.values().next().value as string;
      this.noted.delete(oldest);
    }
    this.noted.add(key);
    return false;
  }

  /**
   * Keeps an answer made from the state `stamp` names, unless the state has moved on since (`db`
   * and `changes` as they are now: a write while the answer was made, another store loaded).
   */
  set(key: string, stamp: Stamp, db: Db, changes: number, answer: KeptAnswer): void {
    if (this.stampOf(db, changes) !== stamp) return;
    const size = answer.body.length;
    if (size > this.limits.bytes / 4) return;
    const known = this.entries.get(key);
    if (known) this.remove(key, known);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.limits.entries || this.bytes + size > this.limits.bytes)
    ) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, entry);
    }
    this.entries.set(key, { stamp, answer });
    this.bytes += size;
  }

  /** How many answers are kept, their bytes, and how many reads they answered. */
  get stats(): { entries: number; bytes: number; hits: number } {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits };
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.answer.body.length;
  }
}
