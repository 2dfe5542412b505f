import nodeConsole from 'node:console';
import { format } from 'node:util';
import { beforeEach } from 'vitest';

/**
 * happy-dom writes what a browser's devtools would show (each failed or refused request, each
 * dropped connection) to the worker's own console, past Vitest's capture. Many tests fail calls on
 * purpose, so those lines are kept per test and printed only when the test fails, where they help.
 */
const kept: string[] = [];

for (const level of ['error', 'warn'] as const) {
  nodeConsole[level] = (...args: unknown[]) => {
    kept.push(`[browser ${level}] ${format(...args)}`);
  };
}

/** What the page's console received during the current test. */
export const browserConsole = (): readonly string[] => kept;

beforeEach(({ onTestFailed }) => {
  kept.length = 0;
  onTestFailed(() => {
    if (kept.length > 0) process.stderr.write(`${kept.join('\n')}\n`);
  });
});
