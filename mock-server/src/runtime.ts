/** Everything one mock server instance holds: options, signing key, partitions and persistence. */
import { DEFAULT_SEED, isScenarioName } from '@portal/fixtures';
import { signingKey } from './auth/jwt.ts';
import { Sessions } from './auth/sessions.ts';
import { DEFAULT_PARTITION, Partitions } from './control/partitions.ts';
import { StateFile } from './control/persistence.ts';

export interface MockOptions {
  scenario?: string;
  seed?: number;
  stateFile?: string;
  quiet?: boolean;
  /** the reference day of the dated data (YYYY-MM-DD); default: today */
  today?: string;
  /** extra allowed CORS origins */
  corsOrigins?: string[];
  /** body size limit of the API (bytes) */
  bodyLimit?: number;
  /** state partitions kept at most (least recently used dropped first; default MAX_PARTITIONS) */
  maxPartitions?: number;
}

export class MockRuntime {
  readonly key = signingKey();
  /** single sign-on sessions ended by the logout: their tokens are refused */
  readonly sessions = new Sessions();
  readonly partitions: Partitions;
  readonly stateFile: StateFile | null;
  readonly corsOrigins: Set<string>;
  readonly log: (message: string) => void;
  readonly startedAt = Date.now();

  constructor(readonly options: MockOptions = {}) {
    const scenario = options.scenario ?? 'default';
    if (!isScenarioName(scenario)) throw new Error(`unknown scenario "${scenario}" (default, empty, large)`);
    this.log = options.quiet ? () => {} : (message) => console.log(message);
    this.corsOrigins = new Set(options.corsOrigins ?? []);
    this.stateFile = options.stateFile ? new StateFile(options.stateFile) : null;
    this.partitions = new Partitions(
      {
        scenario,
        seed: options.seed ?? DEFAULT_SEED,
        ...(options.today ? { today: options.today } : {}),
        ...(options.maxPartitions ? { maxPartitions: options.maxPartitions } : {}),
      },
      (partition) => {
        if (partition.name === DEFAULT_PARTITION && this.stateFile) {
          this.stateFile.schedule(() => partition.db.state);
        }
      },
    );
    const saved = this.stateFile?.read();
    const main = this.partitions.get(DEFAULT_PARTITION);
    if (saved) {
      this.partitions.replaceState(main, saved);
      this.log(`Loaded the state from ${options.stateFile} (scenario ${saved.scenario}, seed ${saved.seed})`);
    }
  }

  close(): void {
    this.stateFile?.flush();
  }
}
