/**
 * `portal`: the command-line harness for developers and QA. It drives a running mock server over
 * its control API (/__mock), starts the stack, runs the end-to-end suites and checks any backend
 * against the contract. Exit codes: 0 success, 1 failure, 2 misuse.
 */
import { run } from './program.ts';

// `portal persona list | head`: the reader went away; stop quietly as other commands do
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2));
