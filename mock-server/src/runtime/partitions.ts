/**
 * State partitions: each has its own store, scenario, fault rules, latency and journal, so that
 * parallel test workers never disturb each other. 'default' is the server's own.
 */
import { buildScenario, isScenarioName, type ScenarioName, type State } from '@portal/fixtures';
import { PARTITION_PATTERN } from '../../control-api/schemas.ts';
import { createDb, type Db } from '../store/db.ts';
import { ApiFailure } from '../store/errors.ts';
import { MockRules } from './faults.ts';
import { Journal } from './journal.ts';
import { noLatency, type LatencyDraw } from './latency.ts';

export const DEFAULT_PARTITION = 'default';
/**
 * Partitions kept at most; the least recently used one goes first (never 'default'). Anyone can create
 * one without a token (a header or cookie naming it), so this caps their memory: a default-scenario
 * state is about 230 KB as JSON, one to two MB in memory; 500 of them about 1 GB (MOCK_MAX_PARTITIONS lowers it).
 */
const MAX_PARTITIONS = 500;

export interface Partition {
  name: string;
  db: Db;
  scenario: string;
  seed: number;
  /** stubs and faults, one ordered list */
  faults: MockRules;
  /** the delay of every answer, drawn from a seeded distribution */
  latency: LatencyDraw;
  journal: Journal;
  lastUsed: number;
}

/** Scenarios already built, as JSON: a new partition parses it instead of building again. */
const builtCache = new Map<string, string>();

function loadScenarioState(name: ScenarioName, seed: number, today?: string): State {
  const key = `${name}:${seed}:${today ?? new Date().toISOString().slice(0, 10)}`;
  let json = builtCache.get(key);
  if (!json) {
    json = JSON.stringify(buildScenario(name, seed, today ? { today } : {}));
    if (builtCache.size > 8) builtCache.clear();
    builtCache.set(key, json);
  }
  return JSON.parse(json) as State;
}

export class Partitions {
  private readonly map = new Map<string, Partition>();

  constructor(
    private readonly defaults: { scenario: string; seed: number; today?: string; maxPartitions?: number },
    private readonly onChange: (partition: Partition) => void,
  ) {}

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
        faults: new MockRules(),
        latency: noLatency(),
        journal: new Journal(),
        lastUsed: Date.now(),
      };
      this.attach(partition);
      this.map.set(name, partition);
      this.evict();
    }
    partition.lastUsed = Date.now();
    return partition;
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

  private evict(): void {
    if (this.map.size <= (this.defaults.maxPartitions ?? MAX_PARTITIONS)) return;
    const oldest = [...this.map.values()]
      .filter((p) => p.name !== DEFAULT_PARTITION)
      .sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (oldest) this.map.delete(oldest.name);
  }
}
