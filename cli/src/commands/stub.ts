/**
 * `portal stub add|list|remove|clear`: response overrides (WireMock's stubs). A stub answers the
 * calls it matches with a status, headers and a body of your choosing; stubs and faults share one
 * ordered list in the mock (priority, then the newest first).
 */
import type { Command } from 'commander';
import type { AddedRule, MockRule } from '@portal/contract/control';
import { ControlClient } from '../lib/control-client.ts';
import { readFileSync } from 'node:fs';
import { UsageError, describeError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, print, printJson } from '../lib/output.ts';
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
        'portal stub add --method POST --path "/api/contract/*/user" --body-field email=taken@portal.test --status 409 --body \'{"message":"taken"}\'',
        'portal stub list',
        'portal stub remove 3',
        'portal stub clear',
      ),
    );

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
      ),
    )
    .action(async (opts: AddOptions, command: Command) => {
      if (opts.body === undefined && !opts.sequence && opts.status === undefined)
        throw new UsageError('say what the stub answers: --body (with --status), --status or --sequence');
      checkSequence(opts);
      const client = ControlClient.of(command);
      const rule = await client.post<AddedRule>('/__mock/stubs', {
        ...matchBody(opts),
        ...(opts.status !== undefined ? { status: opts.status } : {}),
        ...(opts.body !== undefined ? { body: opts.body } : {}),
        ...(opts.responseHeader ? { responseHeaders: opts.responseHeader } : {}),
        ...(opts.delay !== undefined ? { delayMs: opts.delay } : {}),
      });
      if (opts.json) return printJson(rule);
      printAdded('Stub', rule);
    });

  stub
    .command('list')
    .description('the stubs, in the order the mock tries them, with their hits and what hides them')
    .option('--all', 'stubs and faults together (the one list the mock tries)')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal stub list', 'portal stub list --all', 'portal stub list --json'))
    .action(async (opts: { all?: boolean; json?: boolean }, command: Command) => {
      await listRules(
        ControlClient.of(command),
        opts.all ? '/__mock/rules' : '/__mock/stubs',
        opts,
        opts.all ? 'No stub or fault rule.' : 'No stub.',
      );
    });

  stub
    .command('remove')
    .description('remove one stub')
    .argument('<id>', 'stub id (see portal stub list)', integer(1))
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal stub remove 3'))
    .action(async (id: number, opts: { json?: boolean }, command: Command) => {
      await ControlClient.of(command).delete<unknown>(`/__mock/stubs/${id}`);
      if (opts.json) return printJson({ removed: id });
      print(`${OK} Removed stub ${id}`);
    });

  stub
    .command('import')
    .description('add the stubs of a file: a JSON array of stubs, such as portal record writes')
    .argument('<file>', 'the JSON file ("-" reads stdin)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('portal stub import recorded-stubs.json', 'cat stubs.json | portal stub import -'),
    )
    .action(async (file: string, opts: { json?: boolean }, command: Command) => {
      let stubs: unknown;
      try {
        stubs = JSON.parse(file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8')) as unknown;
      } catch (error) {
        throw new UsageError(`cannot read stubs from ${file}: ${describeError(error)}`);
      }
      if (!Array.isArray(stubs)) throw new UsageError(`${file} is not a JSON array of stubs`);
      const client = ControlClient.of(command);
      const added: AddedRule[] = [];
      for (const stub of stubs) added.push(await client.post<AddedRule>('/__mock/stubs', stub));
      if (opts.json) return printJson(added);
      print(`${OK} Imported ${added.length} stub${added.length === 1 ? '' : 's'} from ${file}`);
    });

  stub
    .command('clear')
    .description('remove every stub (fault rules stay)')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal stub clear'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const before = await client.get<MockRule[]>('/__mock/stubs');
      await client.delete<unknown>('/__mock/stubs');
      if (opts.json) return printJson({ cleared: before.length });
      print(`${OK} Cleared ${before.length} stub${before.length === 1 ? '' : 's'}`);
    });
}
