/**
 * `portal stub add|list|remove|clear|export|import`: response overrides (WireMock's stubs). A stub answers the
 * calls it matches with a status, headers and a body of your choosing; stubs and faults share one
 * ordered list in the mock (priority, then the newest first).
 */
import type { Command } from 'commander';
import type { AddedRule } from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { writeFileSync } from 'node:fs';
import { readStubFiles, StubFileError, type StubFile } from '@portal/mock-server/stub-files';
import { CliError, UsageError, describeError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, note, print, printJson, table, yellow } from '../lib/output.ts';
import {
  answerOptions,
  checkSequence,
  listRules,
  matchBody,
  matchOptions,
  pairs,
  printAdded,
  type RuleAddOptions,
} from '../lib/rules.ts';

interface AddOptions extends RuleAddOptions {
  responseHeader?: Record<string, string>;
}

export function registerStub(program: Command): void {
  const stub = program
    .command('stub')
    .description(
      'add, list and remove response overrides (stubs): a status, headers and a body for matching calls',
    )
    .addHelpText(
      'after',
      examples(
        'portal stub add --path /api/contracts --body @contracts.json',
        'portal stub add --path "/api/contract/*/user" --query q=dupont --body \'[]\' --response-header "x-pagination-total-count: 0"',
        'portal stub add --method POST --path "/api/contract/*/user/role" --body-field email=taken@portal.test --status 409 --body \'{"message":"taken"}\'',
        'portal stub list',
        'portal stub states                 # the rule scenarios and their state',
        'portal stub states --reset         # every scenario back to Started',
        'portal stub remove 3',
        'portal stub export stubs/contracts.json      # the stubs, as a file import reads back',
        'portal stub import stubs/                    # every *.json of the folder, in name order',
        'portal stub clear',
      ),
    );

  registerStubAdd(stub);

  stub
    .command('list')
    .description('the stubs, in the order the mock tries them, with their hits and what hides them')
    .option('--all', 'stubs and faults together (the one list the mock tries)')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal stub list', 'portal stub list --all', 'portal stub list --json'))
    .action(async (opts: { all?: boolean; json?: boolean }, command: Command) => {
      await listRules(
        ControlClient.of(command),
        opts.all ? 'listRules' : 'listStubs',
        opts,
        opts.all ? 'No stub or fault rule.' : 'No stub.',
      );
    });

  registerStubStates(stub);

  stub
    .command('remove')
    .description('remove one stub')
    .argument('<id>', 'stub id (see portal stub list)', integer(1))
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal stub remove 3'))
    .action(async (id: number, opts: { json?: boolean }, command: Command) => {
      await ControlClient.of(command).call('removeStub', { params: { id: String(id) } });
      if (opts.json) return printJson({ removed: id });
      print(`${OK} Removed stub ${id}`);
    });

  registerStubFiles(stub);

  stub
    .command('clear')
    .description('remove every stub (fault rules stay)')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal stub clear'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const before = await client.call('listStubs');
      await client.call('clearStubs');
      if (opts.json) return printJson({ cleared: before.length });
      print(`${OK} Cleared ${before.length} stub${before.length === 1 ? '' : 's'}`);
    });
}

/** `portal stub add`: a stub's matchers, its answer and its steps. */
function registerStubAdd(stub: Command): void {
  answerOptions(
    matchOptions(
      stub
        .command('add')
        .description(
          'answer matching calls with this status, headers and body (* = one path segment, ** = any)',
        ),
    ),
    'answer this HTTP status (default 200)',
  )
    .option(
      '--response-header <"name: value">',
      'a header of the answer, such as "x-pagination-total-count: 42" (repeatable)',
      pairs(':'),
    )
    .option('--delay <ms>', 'wait this long before answering', integer(0, 120_000))
    .addHelpText(
      'after',
      examples(
        'portal stub add --path /api/contracts --body @contracts.json --priority 1',
        'portal stub add --path /api/contracts --persona agent --status 403 --body \'{"message":"no"}\'',
        'portal stub add --path "/api/signal/*" --sequence 503,503,200   # a retry flow: twice 503, then the real answer',
        'portal stub add --path "/api/contract/*/organization" --body \'[]\' --response-header "x-pagination-total-count: 0" --response-header "x-pagination-page-count: 0"',
        'portal stub add --path /api/contracts --step \'{"status":503,"delayMs":500}\' --step \'{"status":200,"body":[]}\'',
        'portal stub add --method POST --path "/api/signal" --scenario signal --state Started --next-state sent --status 201 --body \'{"id":9}\'',
        'portal stub add --path "/api/contract/*/user" --query-contains q=dup --header-absent x-trace --body \'[]\'',
        'portal stub add --method POST --path "/api/**" --body-jsonpath \'$.items[?(@.status=="DONE")]\' --status 422',
        'portal stub add --method PUT --path "/api/request/*/status" --body-partial \'{"status":"CLOSED"}\' --status 409',
        'portal stub add --path "/api/signal/*" --body \'{"id":"{{toNumber request.pathSegments.[2]}}","q":"{{request.query.q}}","uuid":"{{uuid}}"}\'',
        'portal stub add --path /api/contracts --body @template.json   # {"by": "{{faker \'person.lastName\'}}", "at": "{{now offset=\'+1 days\' format=\'yyyy-MM-dd\'}}"}',
      ),
    )
    .action(async (opts: AddOptions, command: Command) => {
      if (opts.body === undefined && !opts.sequence && !opts.step && opts.status === undefined)
        throw new UsageError(
          'say what the stub answers: --body (with --status), --status, --sequence or --step',
        );
      checkSequence(opts);
      const client = ControlClient.of(command);
      const rule = await client.call('addStub', {
        body: {
          ...matchBody(opts),
          ...(opts.status !== undefined ? { status: opts.status } : {}),
          ...(opts.body !== undefined ? { body: opts.body } : {}),
          ...(opts.responseHeader ? { responseHeaders: opts.responseHeader } : {}),
          ...(opts.delay !== undefined ? { delayMs: opts.delay } : {}),
        },
      });
      if (opts.json) return printJson(rule);
      printAdded('Stub', rule);
    });
}

/** `portal stub states`: the rule scenarios' states, listed or reset. */
function registerStubStates(stub: Command): void {
  stub
    .command('states')
    .description(
      "the named scenarios of the rules (--scenario) and their current state; --reset puts them back to 'Started'",
    )
    .option('--reset [name]', 'every scenario, or the one named, back to Started')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('portal stub states', 'portal stub states --reset', 'portal stub states --reset signal'),
    )
    .action(async (opts: { reset?: string | true; json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const states =
        opts.reset === undefined
          ? await client.call('ruleScenarios')
          : await client.call('resetRuleScenarios', {
              query: opts.reset === true ? {} : { name: opts.reset },
            });
      if (opts.json) return printJson(states);
      if (opts.reset !== undefined)
        print(
          `${OK} ${opts.reset === true ? 'Every rule scenario is' : `Scenario ${opts.reset} is`} back to Started`,
        );
      if (states.length === 0) return print('No rule scenario.');
      print(
        table(states, [
          { header: 'SCENARIO', value: (s) => s.name },
          { header: 'STATE', value: (s) => s.state },
        ]),
      );
    });
}

/** The stub files `stub import` reads (the mock's reader): a file, a folder of *.json, or "-" (stdin). */
function stubFiles(given: string): StubFile[] {
  try {
    return readStubFiles(given);
  } catch (error) {
    if (error instanceof StubFileError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The mock's refusal of an element of the whole list (`Invalid stub 7 of 12 (stubs[6]): …`) said of
 * its file: `b.json: stub 2 of 5: …`.
 */
function inFile(sets: StubFile[], message: string): string {
  const match = /Invalid stub (\d+) of \d+ \(stubs\[\d+\]\): /.exec(message);
  if (!match) return sets.length === 1 ? `${sets[0]?.name}: ${message}` : message;
  let index = Number(match[1]) - 1;
  for (const set of sets) {
    if (index < set.stubs.length)
      return `${set.name}: ${message.slice(0, match.index)}stub ${index + 1} of ${set.stubs.length}: ${message.slice(match.index + match[0].length)}`;
    index -= set.stubs.length;
  }
  return message;
}

/** `portal stub export|import`: stub sets as files, loaded all or nothing. */
function registerStubFiles(stub: Command): void {
  stub
    .command('export')
    .description(
      'write the stubs to a file (or stdout) as a JSON array that `stub import` reads back unchanged',
    )
    .argument('[file]', 'where to write it ("-" or nothing: stdout)')
    .option('--json', 'print a JSON summary (with a file)')
    .addHelpText(
      'after',
      examples(
        'portal stub export stubs.json',
        'portal stub export > stubs.json',
        'portal stub export stubs.json && portal stub clear && portal stub import stubs.json   # the same stubs again',
      ),
    )
    .action(async (file: string | undefined, opts: { json?: boolean }, command: Command) => {
      const stubs = await ControlClient.of(command).call('exportStubs');
      const text = `${JSON.stringify(stubs, null, 2)}\n`;
      if (!file || file === '-') return void process.stdout.write(text);
      try {
        writeFileSync(file, text);
      } catch (error) {
        throw new CliError(`cannot write ${file}: ${describeError(error)}`);
      }
      if (opts.json) return printJson({ file, stubs: stubs.length });
      print(`${OK} Exported ${plural(stubs.length)} to ${file}`);
    });

  stub
    .command('import')
    .description(
      'add the stubs of a file (a JSON array, as `stub export` and `portal record` write) or of every *.json of a folder, in name order; each file all or nothing',
    )
    .argument('<file>', 'a JSON file, a folder of them, or "-" (stdin)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal stub import stubs.json',
        'portal stub import stubs/                 # 01-contracts.json, 02-signals.json... in that order',
        'portal stub import recorded-stubs.json',
        'cat stubs.json | portal stub import -',
      ),
    )
    .action(async (given: string, opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const added: (AddedRule & { file: string })[] = [];
      // every file read before any is sent: one that is not a JSON array stops the import at once
      const sets = stubFiles(given);
      // every file sent in one import: a folder is all or nothing, as one file is
      let rules: AddedRule[];
      try {
        rules = await client.call('importStubs', { body: sets.flatMap((set) => set.stubs) });
      } catch (error) {
        // the mock names the element by its index in the whole list; the file is ours to name
        if (error instanceof CliError)
          throw new CliError(inFile(sets, error.message), error.exitCode, error.hints);
        throw error;
      }
      let at = 0;
      for (const { name: file, stubs } of sets) {
        const own = rules.slice(at, at + stubs.length);
        at += stubs.length;
        added.push(...own.map((rule) => ({ ...rule, file })));
        if (!opts.json) print(`${OK} Imported ${plural(own.length)} from ${file}`);
        for (const rule of own)
          for (const warning of rule.warnings)
            note(
              `${yellow('warning:', process.stderr)} stub ${rule.id} (${rule.method} ${rule.path}): ${warning}`,
            );
      }
      if (opts.json) printJson(added);
    });
}

const plural = (n: number): string => `${n} stub${n === 1 ? '' : 's'}`;
