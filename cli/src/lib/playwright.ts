/** Running Playwright's own CLI from `portal test`: the plan (command, folder, environment), run or printed. */
import { spawn } from 'node:child_process';
import { CliError } from './errors.ts';
import { print, printJson } from './output.ts';
import { commandLine, quote } from './shell.ts';

export interface PlaywrightPlan {
  cwd: string;
  /** run first, in cwd: the browser check (e2e/scripts/ensure-browser.mjs) */
  before: string[][];
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * Where Playwright's standard output goes: the terminal; stderr, so that stdout holds only the
 * JSON `portal` prints (--json); or a string returned to the caller.
 */
export type PlaywrightOutput = 'inherit' | 'stderr' | 'capture';

export function runPlaywright(
  plan: PlaywrightPlan,
  output: PlaywrightOutput = 'inherit',
): Promise<{ code: number; stdout: string; interrupted: boolean }> {
  return new Promise((resolve, reject) => {
    // a process group of its own (npx, Playwright and its workers): a terminal's Ctrl-C reaches
    // `portal` alone, which passes on one signal (see forward)
    const child = spawn(plan.command, plan.args, {
      cwd: plan.cwd,
      stdio: ['ignore', output === 'inherit' ? 'inherit' : 'pipe', 'inherit'],
      env: { ...process.env, ...plan.env },
      detached: process.platform !== 'win32',
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output === 'stderr') process.stderr.write(chunk);
      else stdout += chunk.toString();
    });
    let stopping: NodeJS.Timeout | undefined;
    let interrupted = false;
    const forward = () => {
      interrupted = true;
      // one SIGINT to npx, which hands it to Playwright: Playwright then stops its workers and the
      // web servers it started (a second SIGINT, or a SIGTERM, makes it quit at once and leave the
      // servers running); if it hangs, the whole group is killed after a grace period
      if (child.pid !== undefined) process.kill(child.pid, 'SIGINT');
      stopping ??= setTimeout(() => signalGroup(child.pid, 'SIGKILL'), STOP_GRACE_MS);
      stopping.unref();
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) =>
      reject(new CliError(`cannot run ${commandLine(plan.command, plan.args)}: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (stopping) clearTimeout(stopping);
      resolve({ code: code ?? (signal ? 1 : 0), stdout, interrupted });
    });
  });
}

/** How long Playwright has to stop its workers and servers after a signal, before it is killed. */
const STOP_GRACE_MS = 20_000;

/** A signal to a child's whole process group (the child alone where there are no groups). */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // the group is gone already
  }
}

/** The plan as one shell line a person can copy: `(cd e2e && node ... && E2E_X=1 npx playwright test ...)`. */
export function planLine(plan: PlaywrightPlan): string {
  const steps = [
    ...plan.before.map(([command = '', ...args]) => commandLine(command, args)),
    commandLine(plan.command, plan.args, plan.env),
  ];
  return `(cd ${quote(plan.cwd)} && ${steps.join(' && ')})`;
}

export function printPlan(plan: PlaywrightPlan, json?: boolean): void {
  if (json) return printJson(plan);
  print(planLine(plan));
}
