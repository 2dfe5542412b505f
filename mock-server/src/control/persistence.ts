/**
 * Opt-in persistence of the default partition (--state-file): loaded at start when present, written
 * after changes (debounced), atomically (write a temporary file, then rename), so that a kill at any
 * moment leaves the previous or the new file, both valid.
 */
import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { State } from '@portal/fixtures';
import { validateImportedState } from './state-io.ts';

export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private pending: (() => State) | null = null;

  constructor(
    readonly path: string,
    private readonly delayMs = 200,
  ) {
    const fixturesDir = resolve(import.meta.dirname, '../../../fixtures');
    if (resolve(path).startsWith(fixturesDir)) {
      throw new Error(`refusing to write the state into the fixtures (${path})`);
    }
  }

  /** The saved state, or null when there is no file yet. A corrupt file is an error (never overwritten silently). */
  read(): State | null {
    if (!existsSync(this.path)) return null;
    const text = readFileSync(this.path, 'utf8');
    const parsed: unknown = JSON.parse(text);
    const checked = validateImportedState(parsed);
    if (!checked.ok) throw new Error(`state file ${this.path} is not a valid state: ${checked.message}`);
    return checked.state;
  }

  schedule(snapshot: () => State): void {
    this.pending = snapshot;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref?.();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snapshot = this.pending;
    this.pending = null;
    if (!snapshot) return;
    mkdirSync(dirname(resolve(this.path)), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshot()));
    renameSync(tmp, this.path);
  }
}
