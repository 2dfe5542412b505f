/** Everything one mock server instance holds: options, signing key, partitions and persistence. */
import { DEFAULT_SEED, isScenarioName } from '@portal/fixtures';
import type { ContractViolation } from '../../control-api/schemas.ts';
import { signingKey } from '../auth/jwt.ts';
import { Sessions } from '../auth/sessions.ts';
import { AnswerCache } from './answers.ts';
import { maskQueryText } from './journal.ts';
import { DEFAULT_PARTITION, Partitions } from './partitions.ts';
import { StateFile } from './persistence.ts';

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
  /** hybrid mode: a real backend for some paths, with its own bearer token (see runtime/proxy.ts) */
  proxy?: { target: string; paths?: string[]; unknown?: boolean; token?: string };
  /** host names the control API answers besides the loopback ones (middleware/host.ts) */
  allowedHosts?: string[];
  /** state partitions kept at most (least recently used dropped first; default MAX_PARTITIONS) */
  maxPartitions?: number;
  /**
   * live validation of every call and answer against the contract (middleware/live-validation.ts): the
   * setting each partition starts with (each partition switches its own); 'strict' also holds the
   * wire form of the query and the fields of the answers the contract does not name
   */
  validate?: boolean | 'strict';
}

export class MockRuntime {
  readonly key = signingKey();
  /** single sign-on sessions ended by the logout: their tokens are refused */
  readonly sessions = new Sessions();
  readonly partitions: Partitions;
  readonly stateFile: StateFile | null;
  readonly corsOrigins: Set<string>;
  /** lower-case host names the control API answers besides the loopback ones */
  readonly allowedHosts: Set<string>;
  readonly log: (message: string) => void;
  readonly startedAt = Date.now();
  /** answers of plain reads already written (answers.ts) */
  readonly answers = new AnswerCache();
  /**
   * Calls that may change something (any method but GET, HEAD and OPTIONS), counted when each
   * starts and when it ends (app.ts): a change the answers kept before must not outlive.
   */
  changes = 0;

  constructor(readonly options: MockOptions = {}) {
    const scenario = options.scenario ?? 'default';
    if (!isScenarioName(scenario)) throw new Error(`unknown scenario "${scenario}" (default, empty, large)`);
    this.log = options.quiet ? () => {} : (message) => console.log(message);
    this.corsOrigins = new Set(options.corsOrigins ?? []);
    this.allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.trim().toLowerCase()));
    this.stateFile = options.stateFile ? new StateFile(options.stateFile) : null;
    this.partitions = new Partitions(
      {
        scenario,
        seed: options.seed ?? DEFAULT_SEED,
        ...(options.today ? { today: options.today } : {}),
        ...(options.maxPartitions ? { maxPartitions: options.maxPartitions } : {}),
        ...(options.proxy ? { proxy: options.proxy } : {}),
        validation: { enabled: Boolean(options.validate), strict: options.validate === 'strict' },
      },
      (partition) => {
        if (partition.name === DEFAULT_PARTITION && this.stateFile) {
          this.stateFile.schedule(() => partition.db.state);
        }
      },
      options.quiet ? () => {} : (message) => console.warn(message),
    );
    const saved = this.stateFile?.read();
    const main = this.partitions.get(DEFAULT_PARTITION);
    if (saved) {
      this.partitions.replaceState(main, saved);
      this.log(`Loaded the state from ${options.stateFile} (scenario ${saved.scenario}, seed ${saved.seed})`);
      // a saved state wins over the scenario asked for at start-up: say so, and how to start over
      if (options.scenario && options.scenario !== saved.scenario)
        console.warn(
          `mock-server: the saved state ${options.stateFile} (scenario ${saved.scenario}) overrides the scenario asked for (${options.scenario}); delete it to start from ${options.scenario} (docker compose down -v, or npx portal scenario load ${options.scenario})`,
        );
    }
  }

  /** One line per call that breaks the contract: partition, method, path, endpoint id and spec line, what differs. */
  reportViolation(partition: string, method: string, path: string, violation: ContractViolation): void {
    const where = violation.endpoint
      ? `${violation.endpoint}${violation.spec ? `, ${violation.spec}` : ''}`
      : 'no endpoint';
    // the path as the journal shows it: secret query values masked
    const mark = path.indexOf('?');
    const shown = mark < 0 ? path : `${path.slice(0, mark)}?${maskQueryText(path.slice(mark + 1))}`;
    this.log(
      `contract violation [${partition}]: ${method} ${shown} (${where}): ${violation.problems.join('; ')}`,
    );
  }

  close(): void {
    this.stateFile?.flush();
  }
}
