/**
 * `portal test`: the Playwright suites (all, or by suite, tag or file; for a persona or scenario;
 * headed or headless), with its subcommands: the role matrix, the viewers and the merge of shards.
 */
import type { Command } from 'commander';
import { UsageError } from '../../lib/errors.ts';
import { examples, integer, port, url, wordList } from '../../lib/options.ts';
import { registerMatrix, runMatrix } from './matrix.ts';
import { registerMerge } from './merge.ts';
import type { TestOptions } from './plan.ts';
import { runTests } from './run.ts';
import { registerViewers } from './viewers.ts';

/** The options of `portal test` that choose the tests and the stack they run against. */
function testOptions(command: Command): Command {
  return command
    .argument('[files...]', 'spec files (from here, e2e/ or e2e/tests/)')
    .option('--suite <name>', 'a folder under e2e/tests (repeatable)', (v: string, prev: string[] = []) => [
      ...prev,
      v,
    ])
    .option('--grep <regexp>', 'only tests whose title matches')
    .option('--tag <tag>', 'only tests tagged @tag, such as smoke (repeatable, comma-separated)', wordList)
    .option('--file <path>', 'a spec file (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option(
      '--persona <id>',
      'persona of the tests that let you choose, such as the persona smoke test (env E2E_PERSONA)',
    )
    .option('--scenario <name>', 'scenario each test starts from (env E2E_SCENARIO)')
    .option('--headed', 'show the browser')
    .option('--project <name>', 'Playwright project')
    .option('--workers <n>', 'parallel workers', integer(1, 64))
    .option(
      '--base-url <url>',
      'test an already running portal (with the mock at --mock-url) instead of starting one',
      url,
    )
    .option(
      '--mock-port <port>',
      'port of the mock server the suites start (env E2E_MOCK_PORT, default 3101)',
      port,
    )
    .option(
      '--portal-port <port>',
      'port of the production portal the suites start (env E2E_PORTAL_PORT, default 5174)',
      port,
    )
    .option('--junit <file>', 'also write a JUnit XML report there (CI writes test-results/junit.xml)')
    .option('--list', 'list the tests without running them')
    .option('--matrix', 'print the role matrix instead (same as `portal test matrix`)')
    .option('--live', 'with --matrix: check every cell in the browser')
    .option('--route <glob>', 'with --matrix: only routes matching this pattern, such as "/admin/**"')
    .option('--dry-run', 'print the Playwright command and its environment, and stop')
    .option(
      '--fail-on-violations',
      'with --mock-url: turn live validation on in that mock and fail (exit 1) when a call of the run broke the contract, listing them',
    )
    .option(
      '--json',
      'print JSON on stdout (the plan with --dry-run, the tests with --list, the outcome otherwise); Playwright writes to stderr',
    );
}

export function registerTest(program: Command, passthrough: readonly string[] = []): void {
  const test = testOptions(
    program.command('test').description('run the Playwright suites (e2e/tests), or the role matrix'),
  )
    .addHelpText(
      'after',
      examples(
        'portal test',
        'portal test --suite shell --headed',
        "portal test --suite admin -- --shard 1/2 --retries 2 --trace on   # after --: Playwright's options",
        'portal test --grep "contract" -- --reporter=junit,html --last-failed',
        'portal test --mock-url http://localhost:3001                      # that mock server, a fresh portal build',
        'portal test --mock-port 3131 --portal-port 5183 --junit junit.xml',
        'portal test report                                                # the last HTML report',
        'portal test merge shard-1 shard-2 --html merged-report --junit junit.xml   # sharded runs, one report',
        'portal test trace test-results/some-test/trace.zip',
        'portal test --tag smoke --scenario empty --persona portal-admin   # the empty scenario has this persona only',
        'portal test --tag smoke --persona works-planner   # quick checks, routes opened as this persona',
        'portal test --tag smoke --list --json',
        'portal test --file tests/admin/contracts.spec.ts --persona portal-admin',
        'portal test --grep "signal" --workers 1',
        'portal test --base-url http://localhost:8080 --mock-url http://localhost:3001   # against docker compose',
        'portal test --mock-url http://localhost:3101 --fail-on-violations   # exit 1 if a call broke the contract',
        'portal test --matrix',
        'portal test matrix --live --persona agent,portal-admin',
      ),
    )
    .action(async (files: string[], opts: TestOptions, command: Command) => {
      // the words after `--` never reach commander (see splitPassthrough): they are Playwright's
      if (opts.route && !opts.matrix)
        throw new UsageError('--route goes with --matrix (or use `portal test matrix --route`)');
      if (opts.live && !opts.matrix)
        throw new UsageError('--live goes with --matrix (or use `portal test matrix --live`)');
      if (opts.matrix) {
        return runMatrix(
          {
            live: opts.live,
            headed: opts.headed,
            baseUrl: opts.baseUrl,
            json: opts.json,
            dryRun: opts.dryRun,
            persona: opts.persona ? wordList(opts.persona) : undefined,
            route: opts.route,
          },
          command,
        );
      }
      if (passthrough.length && opts.matrix)
        throw new UsageError('the words after -- go to Playwright: not with --matrix');
      return runTests(files, opts, command, passthrough);
    });
  registerMatrix(test);
  registerViewers(test);
  registerMerge(test);
}
