/**
 * Opt-in persistence of the default partition (--state-file): loaded at start when present, written
 * after changes (debounced), atomically: the whole state goes to a temporary file next to the target,
 * flushed to disk, then renamed over it, so that a kill at any moment leaves the previous or the new
 * file, both complete. A failed write removes its temporary file and leaves the previous file alone.
 * The committed fixtures folder is never a target (also not through `..` or a symbolic link).
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { State } from '@portal/fixtures';
import { validateImportedState } from './state-io.ts';

/** The committed fixtures package of the repository. */
const FIXTURES_DIR = resolve(import.meta.dirname, '../../../fixtures');

/** The path with its longest existing ancestor resolved through symbolic links. */
function realPath(path: string): string {
  const absolute = resolve(path);
  let existing = absolute;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(basename(existing));
    existing = parent;
  }
  try {
    return join(realpathSync(existing), ...rest);
  } catch {
    return absolute;
  }
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Refuses a state file inside the fixtures folder, with the reason and the way out. */
export function checkStateFilePath(path: string, fixturesDir = FIXTURES_DIR): void {
  if (!path.trim()) throw new Error('the state file path is empty');
  const target = realPath(path);
  const fixtures = realPath(fixturesDir);
  if (isInside(target, fixtures)) {
    throw new Error(
      `refusing to use ${path} as the state file: it is inside the committed fixtures folder (${fixtures}), ` +
        'which the mock server never writes; choose a path outside it (--state-file or MOCK_STATE_FILE)',
    );
  }
}

let tmpCounter = 0;

/** Whether a process id names a running process (this one included). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the health endpoint reports of the saves. */
export interface SaveStatus {
  path: string;
  failures: number;
  lastError: { message: string; at: string } | null;
  lastSavedAt: string | null;
  /** the last save failed: acknowledged writes are not on disk */
  failing: boolean;
}

export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private pending: (() => State) | null = null;
  private failures = 0;
  private lastError: SaveStatus['lastError'] = null;
  private lastSavedAt: string | null = null;
  private failing = false;

  constructor(
    readonly path: string,
    private readonly delayMs = 200,
    private readonly onError: (error: Error) => void = (error) =>
      console.error(`[mock-server] ${error.message}`),
  ) {
    checkStateFilePath(path);
    this.removeLeftovers();
  }

  /**
   * Temporary files a killed process left next to the state file (a kill -9 between writing and
   * renaming): removed at start, unless their process still runs (another server saving now).
   */
  private removeLeftovers(): void {
    const target = resolve(this.path);
    const dir = dirname(target);
    const prefix = `.${basename(target)}.`;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return; // no folder yet: nothing left behind
    }
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const match = /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length));
      if (!match || isRunning(Number(match[1]))) continue;
      rmSync(join(dir, name), { force: true });
    }
  }

  /** The saved state, or null when there is no file yet. A corrupt file is an error (never overwritten silently). */
  read(): State | null {
    if (!existsSync(this.path)) return null;
    const text = readFileSync(this.path, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`state file ${this.path} is not valid JSON: ${(error as Error).message}`);
    }
    const checked = validateImportedState(parsed);
    if (!checked.ok) throw new Error(`state file ${this.path} is not a valid state: ${checked.message}`);
    return checked.state;
  }

  schedule(snapshot: () => State): void {
    this.pending = snapshot;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      // a failed background save is reported, never a crash; the next change tries again
      try {
        this.flush();
      } catch (error) {
        this.onError(error as Error);
      }
    }, this.delayMs);
    this.timer.unref?.();
  }

  status(): SaveStatus {
    return {
      path: this.path,
      failures: this.failures,
      lastError: this.lastError,
      lastSavedAt: this.lastSavedAt,
      failing: this.failing,
    };
  }

  /** Writes the pending snapshot now (at close, or after the debounce). A failure is counted, then thrown. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snapshot = this.pending;
    this.pending = null;
    if (!snapshot) return;
    try {
      this.write(JSON.stringify(snapshot()));
      this.failing = false;
      this.lastSavedAt = new Date().toISOString();
    } catch (error) {
      const message =
        error instanceof Error && error.message.startsWith('could not save')
          ? error.message
          : `could not save the state to ${this.path}: ${(error as Error).message}`;
      this.failures++;
      this.failing = true;
      this.lastError = { message, at: new Date().toISOString() };
      throw new Error(message, { cause: error });
    }
  }

  private write(text: string): void {
    // checked again: a symbolic link on the way may have changed since the start
    checkStateFilePath(this.path);
    const target = resolve(this.path);
    mkdirSync(dirname(target), { recursive: true });
    const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${++tmpCounter}.tmp`);
    try {
      const fd = openSync(tmp, 'wx', 0o644);
      try {
        writeFileSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, target);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw new Error(`could not save the state to ${this.path}: ${(error as Error).message}`);
    }
  }
}
