/**
 * The `portal` program: every command, and `run(argv)` that maps outcomes to exit codes
 * (0 success, 1 failure, 2 misuse).
 */
import { Command, CommanderError, Option } from 'commander';
import { CliError, EXIT, UsageError, describeError } from './lib/errors.ts';
import { examples, partitionName, url } from './lib/options.ts';
import { red } from './lib/output.ts';
import { registerServe } from './commands/serve.ts';
import { registerScenario } from './commands/scenario.ts';
import { registerPersona } from './commands/persona.ts';
import { registerRole } from './commands/role.ts';
import { registerFault } from './commands/fault.ts';
import { registerStub } from './commands/stub.ts';
import { registerLatency } from './commands/latency.ts';
import { registerJournal } from './commands/journal.ts';
import { registerTest } from './commands/test/register.ts';
import { registerContractCheck } from './commands/contract-check.ts';
import { registerDoctor } from './commands/doctor.ts';
import { registerPartition } from './commands/partition.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerRecord } from './commands/record.ts';

export interface ProgramOptions {
  /** the words after `--`, for Playwright (`portal test ... -- --shard 1/2`) */
  passthrough?: readonly string[];
  /** --json anywhere: commander's own errors are collected instead of printed */
  onCommanderError?: (message: string) => void;
}

export function buildProgram(options: ProgramOptions = {}): Command {
  const program = new Command('portal')
    .description(
      'Command-line harness for the portal: mock server, personas, faults, journal, tests and checks',
    )
    .version('0.1.0')
    .addOption(
      new Option('--mock-url <url>', 'address of the mock server (env MOCK_URL)')
        .argParser(url)
        .default(undefined, 'http://localhost:3001'),
    )
    .addOption(
      new Option(
        '--partition <name>',
        'state partition of the mock server to act on (env MOCK_PARTITION)',
      ).argParser(partitionName),
    )
    .exitOverride()
    .showHelpAfterError(options.onCommanderError ? false : '(add --help for usage and examples)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText(
      'after',
      examples(
        'portal serve                                  # mock server + portal',
        'portal persona login agent --open             # sign in as a persona',
        'portal scenario load default --seed 42',
        'portal stub add --path /api/contracts --status 200 --body @contracts.json',
        'portal fault add --path "/api/contracts" --status 500 --times 1',
        'portal journal --follow --path "/api/**"',
        'portal test --suite admin -- --shard 1/2 --retries 2',
        'MOCK_URL=http://localhost:3101 portal doctor',
        'portal contract-check --base-url https://api.example.org --token "$TOKEN"',
      ),
    );
  const collect = options.onCommanderError;
  if (collect) program.configureOutput({ outputError: (message) => collect(message) });

  registerServe(program);
  registerScenario(program);
  registerPersona(program);
  registerRole(program);
  registerStub(program);
  registerFault(program);
  registerLatency(program);
  registerRecord(program);
  registerJournal(program);
  registerTest(program, options.passthrough ?? []);
  registerContractCheck(program);
  registerPartition(program);
  registerDoctor(program);
  registerCompletion(program);
  return program;
}

/** Global options that take a value: their value is not the command's name. */
const VALUED_GLOBALS = new Set(['--mock-url', '--partition']);

/** The command word of argv: the first word that is neither an option nor a global's value. */
function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') return undefined;
    if (VALUED_GLOBALS.has(word)) i++;
    else if (!word.startsWith('-')) return word;
  }
  return undefined;
}

/**
 * argv split at the first `--`: what `portal` reads, and what `portal test` hands to Playwright.
 * Only `portal test` takes words after `--`.
 */
function splitPassthrough(argv: readonly string[]): { own: string[]; passthrough: string[] } {
  const at = argv.indexOf('--');
  if (at < 0) return { own: [...argv], passthrough: [] };
  const own = argv.slice(0, at);
  const passthrough = argv.slice(at + 1);
  if (commandWord(own) !== 'test')
    throw new UsageError('only `portal test` takes arguments after --: they go to Playwright', [
      `unexpected: -- ${passthrough.join(' ')}`,
    ]);
  return { own, passthrough };
}

/** The error as people read it (`error: ...` and hints) or, with --json, as one JSON object. */
function report(json: boolean, message: string, exitCode: number, hints: readonly string[] = []): number {
  if (json) {
    process.stderr.write(`${JSON.stringify({ error: { message, exitCode, hints } })}\n`);
    return exitCode;
  }
  process.stderr.write(`${red('error:', process.stderr)} ${message}\n`);
  for (const hint of hints) process.stderr.write(`  ${hint}\n`);
  return exitCode;
}

/** Runs the program and returns the exit code. */
export async function run(argv: readonly string[]): Promise<number> {
  const json = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).includes('--json');
  let commanderMessage = '';
  try {
    const { own, passthrough } = splitPassthrough(argv);
    const program = buildProgram({
      passthrough,
      onCommanderError: json ? (message) => (commanderMessage += message) : undefined,
    });
    const word = commandWord(own);
    if (word === 'help') {
      const asked = own[own.indexOf('help') + 1];
      const known = program.commands.map((c) => c.name());
      if (asked && !asked.startsWith('-') && !known.includes(asked))
        throw new UsageError(`unknown command "${asked}"`, [`commands: ${known.join(', ')}`]);
    }
    await program.parseAsync(own, { from: 'user' });
    return process.exitCode === undefined ? EXIT.ok : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT.ok : EXIT.misuse;
      // commander printed the problem already, unless --json collected it
      if (json)
        return report(true, (commanderMessage || error.message).replace(/^error: /, '').trim(), EXIT.misuse);
      return EXIT.misuse;
    }
    if (error instanceof CliError) return report(json, error.message, error.exitCode, error.hints);
    return report(json, describeError(error), EXIT.failure);
  }
}
