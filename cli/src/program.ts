/**
 * The `portal` program: every command, and `run(argv)` that maps outcomes to exit codes
 * (0 success, 1 failure, 2 misuse).
 */
import { Command, CommanderError, Option } from 'commander';
import { CliError, EXIT, describeError } from './lib/errors.ts';
import { examples, url } from './lib/options.ts';
import { red } from './lib/output.ts';
import { registerServe } from './commands/serve.ts';
import { registerScenario } from './commands/scenario.ts';
import { registerPersona } from './commands/persona.ts';
import { registerRole } from './commands/role.ts';
import { registerFault } from './commands/fault.ts';
import { registerLatency } from './commands/latency.ts';
import { registerJournal } from './commands/journal.ts';
import { registerTest } from './commands/test.ts';
import { registerContractCheck } from './commands/contract-check.ts';
import { registerDoctor } from './commands/doctor.ts';

export function buildProgram(): Command {
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
    .option('--partition <name>', 'state partition of the mock server to act on (env MOCK_PARTITION)')
    .exitOverride()
    .showHelpAfterError('(add --help for usage and examples)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText(
      'after',
      examples(
        'portal serve                                  # mock server + portal',
        'portal persona login agent --open             # sign in as a persona',
        'portal scenario load default --seed 42',
        'portal fault add --path "/api/contracts" --status 500 --times 1',
        'portal journal --follow --path "/api/**"',
        'MOCK_URL=http://localhost:3101 portal doctor',
        'portal contract-check --base-url https://api.example.org --token "$TOKEN"',
      ),
    );

  registerServe(program);
  registerScenario(program);
  registerPersona(program);
  registerRole(program);
  registerFault(program);
  registerLatency(program);
  registerJournal(program);
  registerTest(program);
  registerContractCheck(program);
  registerDoctor(program);
  return program;
}

/** Runs the program and returns the exit code. */
export async function run(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    return process.exitCode === undefined ? EXIT.ok : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT.ok : EXIT.misuse;
      return EXIT.misuse; // commander already printed the problem
    }
    if (error instanceof CliError) {
      process.stderr.write(`${red('error:', process.stderr)} ${error.message}\n`);
      for (const hint of error.hints) process.stderr.write(`  ${hint}\n`);
      return error.exitCode;
    }
    process.stderr.write(`${red('error:', process.stderr)} ${describeError(error)}\n`);
    return EXIT.failure;
  }
}
