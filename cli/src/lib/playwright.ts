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
): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(plan.command, plan.args, {
      cwd: plan.cwd,
      stdio: ['ignore', output === 'inherit' ? 'inherit' : 'pipe', 'inherit'],
      env: { ...process.env, ...plan.env },
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output === 'stderr') process.stderr.write(chunk);
      else stdout += chunk.toString();
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) =>
      reject(new CliError(`cannot run ${commandLine(plan.command, plan.args)}: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 1 : 0), stdout });
    });
  });
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
