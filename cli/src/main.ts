/**
 * `portal`: the command-line harness for developers and QA. It drives a running mock server over
 * its control API (/__mock), starts the stack, runs the end-to-end suites and checks any backend
 * against the contract. Exit codes: 0 success, 1 failure, 2 misuse.
 */
import { run } from './program.ts';

process.exitCode = await run(process.argv.slice(2));
