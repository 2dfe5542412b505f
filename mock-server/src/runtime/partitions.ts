/**
 * State partitions: each has its own store, scenario, fault rules, latency and journal, so that
 * parallel test workers never disturb each other. 'default' is the server's own.
 */
import type { z } from 'zod';
import { buildScenario, isScenarioName, type ScenarioName, type State } from '@portal/fixtures';
import { PARTITION_PATTERN } from '../../control-api/schemas.ts';
import { createDb, type Db } from '../store/db.ts';
import { ApiFailure } from '../store/errors.ts';
import { MockRules } from './rules.ts';
import { Journal } from './journal.ts';
import { noLatency, type LatencyDraw } from './latency.ts';
import { Proxy, type proxyInput } from './proxy.ts';

export const DEFAULT_PARTITION = 'default';
/**
 * Partitions kept at most; the least recently used idle one goes first (never 'default', never one in
 * use: see Partitions.idle), and when none is idle a new one is refused. Anyone can create
 * one without a token (a header or cookie naming it), so this caps their memory: a default-scenario
 * state is about 230 KB as JSON, one to two MB in memory; 500 of them about 1 GB (MOCK_MAX_PARTITIONS lowers it).
 */
const MAX_PARTITIONS = 500;
/** A partition called within this time is in use: never evicted. */
export const PARTITION_IDLE_MS = 5 * 60_000;
/** Evictions remembered for `partition list`. */
const EVICTIONS_KEPT = 50;

/** A partition evicted to make room under the cap: what `partition list` reports. */
export interface Eviction {
  name: string;
  evictedAt: number;
  lastUsed: number;
}

export interface Partition {
  name: string;
  db: Db;
  scenario: string;
  seed: number;
  /** stubs and faults, one ordered list */
  rules: MockRules;
  /** the delay of every answer, drawn from a seeded distribution */
  latency: LatencyDraw;
  journal: Journal;
  /** hybrid mode and its recording: this partition's own (the server's start options at first) */
  proxy: Proxy;
  lastUsed: number;
  /**
   * The run partition this one belongs to (a test's partition in `portal test`, set by a scenario
   * load with `?run=`): its rules and latency apply after this one's, its journal gets these calls
   */
  run?: string;
  /** live validation of this partition's calls against the contract (middleware/live-validation.ts) */
  validation: ValidationSetting;
}

/** Live validation of a partition: on or off, and strict (wire forms, fields the contract does not name). */
export interface ValidationSetting {
  enabled: boolean;
  strict: boolean;
}

/** Bytes a string takes in memory: one per character when all are Latin-1, else two (V8's two representations). */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

/**
 * Scenarios already built, as JSON: a new partition parses it instead of building again. Bounded in
 * bytes (a large scenario is about 9 MB of JSON in memory, 18 MB at 20,000 users), the least recently
 * used dropped first; a state over the whole budget is not kept.
 */
export class BuiltStates {
  /** in use order: the first is the least recently used */
  private readonly entries = new Map<string, string>();
  private used = 0;

  constructor(readonly budgetBytes: number) {}

  get(key: string): string | undefined {
    const json = this.entries.get(key);
    if (json !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, json);
    }
    return json;
  }

  set(key: string, json: string): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.used -= stringBytes(old);
    }
    const size = stringBytes(json);
    if (size > this.budgetBytes) return;
    for (const [oldest, kept] of this.entries) {
      if (this.used + size <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= stringBytes(kept);
    }
    this.entries.set(key, json);
    this.used += size;
  }

  /** bytes kept now */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** 32 MB: three large scenarios, or the default one for every day of a long run */
const BUILT_STATES_BYTES = 32 * 1024 * 1024;
const builtStates = new BuiltStates(BUILT_STATES_BYTES);

function loadScenarioState(name: ScenarioName, seed: number, today?: string): State {
  const key = `${name}:${seed}:${today ?? new Date().toISOString().slice(0, 10)}`;
  let json = builtStates.get(key);
  if (json === undefined) {
    json = JSON.stringify(buildScenario(name, seed, today ? { today } : {}));
    builtStates.set(key, json);
  }
  return JSON.parse(json) as State;
}

export class Partitions {
  private readonly map = new Map<string, Partition>();

  constructor(
    private readonly defaults: {
      scenario: string;
      seed: number;
      today?: string;
      maxPartitions?: number;
      /** the proxy settings every partition starts with (serve --proxy) */
      proxy?: z.input<typeof proxyInput>;
      /** the live validation a new partition starts with (the server's --validate) */
      validation?: ValidationSetting;
    },
    private readonly onChange: (partition: Partition) => void,
    /** told of each eviction: the mock prints it */
    private readonly onEvict: (message: string) => void = () => {},
  ) {}

  /** The partitions evicted lately, the latest first. */
  readonly evictions: Eviction[] = [];

  /** The partition of that name, created from the default scenario on first use. */
  get(name: string): Partition {
    let partition = this.map.get(name);
    if (!partition) {
      if (!PARTITION_PATTERN.test(name)) {
        const rule = 'letters, digits, _ . : - (1 to 100)';
        throw new ApiFailure(400, `Invalid partition name "${name.slice(0, 100)}": ${rule}`, [
          { path: 'partition', message: rule },
        ]);
      }
      const scenario = name === DEFAULT_PARTITION ? this.defaults.scenario : 'default';
      const state = loadScenarioState(
        isScenarioName(scenario) ? scenario : 'default',
        this.defaults.seed,
        this.defaults.today,
      );
      partition = {
        name,
        db: createDb(state),
        scenario: state.scenario,
        seed: state.seed,
        rules: new MockRules(),
        latency: noLatency(),
        journal: new Journal(),
        proxy: new Proxy(this.defaults.proxy ?? { target: null }),
        lastUsed: Date.now(),
        validation: { ...(this.defaults.validation ?? { enabled: false, strict: false }) },
      };
      // room first: when every partition is in use the new one is refused and nothing changes
      this.makeRoom(name);
      this.attach(partition);
      this.map.set(name, partition);
    }
    partition.lastUsed = Date.now();
    return partition;
  }

  /** The run partition of a partition, when it has one that still exists (never created here). */
  runOf(partition: Partition): Partition | undefined {
    if (partition.run === undefined) return undefined;
    const run = this.map.get(partition.run);
    if (run) run.lastUsed = Date.now();
    return run;
  }

  has(name: string): boolean {
    return this.map.has(name);
  }

  names(): string[] {
    return [...this.map.keys()];
  }

  /** Every partition, the most recently used first. */
  list(): Partition[] {
    return [...this.map.values()].sort((a, b) => b.lastUsed - a.lastUsed);
  }

  /** Forgets a partition (its state, rules and journal); 'default' cannot be deleted. */
  delete(name: string): boolean {
    if (name === DEFAULT_PARTITION) return false;
    return this.map.delete(name);
  }

  /** Replace a partition's state (scenario load, reset, import). */
  replaceState(partition: Partition, state: State): void {
    partition.db = createDb(state);
    partition.scenario = state.scenario;
    partition.seed = state.seed;
    this.attach(partition);
    this.onChange(partition);
  }

  loadScenario(partition: Partition, name: ScenarioName, seed: number): void {
    this.replaceState(partition, loadScenarioState(name, seed, this.defaults.today));
  }

  private attach(partition: Partition): void {
    partition.db.onChange = () => this.onChange(partition);
  }

  /**
   * Whether a partition may be evicted: not 'default', not called within PARTITION_IDLE_MS, not a
   * member of a run partition that still exists, not a run partition that has members.
   */
  private idle(partition: Partition, now: number): boolean {
    if (partition.name === DEFAULT_PARTITION) return false;
    if (now - partition.lastUsed < PARTITION_IDLE_MS) return false;
    if (partition.run !== undefined && this.map.has(partition.run)) return false;
    for (const other of this.map.values()) if (other.run === partition.name) return false;
    return true;
  }

  /**
   * Before a new partition joins a full map: evicts the least recently used idle partition, with a
   * warning (printed, and kept for `partition list`); refuses the new one (503) when none is idle.
   */
  private makeRoom(newName: string): void {
    const max = this.defaults.maxPartitions ?? MAX_PARTITIONS;
    if (this.map.size < max) return;
    const now = Date.now();
    const oldest = [...this.map.values()]
      .filter((p) => this.idle(p, now))
      .sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (!oldest) {
      const minutes = PARTITION_IDLE_MS / 60_000;
      throw new ApiFailure(
        503,
        `Too many partitions in use: ${this.map.size} of at most ${max} (MOCK_MAX_PARTITIONS), none idle (called within ${minutes} min, or in a run): partition "${newName.slice(0, 100)}" was not created; delete some (portal partition delete NAME) or raise MOCK_MAX_PARTITIONS`,
        [{ path: 'partition', message: `at most ${max} partitions, none idle` }],
      );
    }
    this.map.delete(oldest.name);
    this.evictions.unshift({ name: oldest.name, evictedAt: now, lastUsed: oldest.lastUsed });
    this.evictions.length = Math.min(this.evictions.length, EVICTIONS_KEPT);
    this.onEvict(
      `mock-server: evicted partition "${oldest.name}" (idle since ${new Date(oldest.lastUsed).toISOString()}) to make room for "${newName}": at most ${max} partitions (MOCK_MAX_PARTITIONS)`,
    );
  }
}
