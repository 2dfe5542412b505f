/** `portal fault add|list|clear`: make the mock server fail on purpose. */
import type { Command } from 'commander';
import { ControlClient } from '../lib/control-client.ts';
import { UsageError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, print, printJson } from '../lib/output.ts';
import {
  answerOptions,
  checkSequence,
  listRules,
  matchBody,
  matchOptions,
  printAdded,
  type RuleAddOptions,
} from '../lib/rules.ts';

interface AddOptions extends RuleAddOptions {
  drop?: boolean;
  malformed?: boolean;
}

export function registerFault(program: Command): void {
  const fault = program
    .command('fault')
    .description(
      'add, list and clear fault rules: error statuses, delays, dropped connections, malformed bodies',
    )
    .addHelpText(
      'after',
      examples(
        'portal fault add --path /api/contracts --status 500',
        'portal fault add --method POST --path "/api/contract/*/user/role" --status 400 --body \'{"message":"bad"}\' --times 1',
        'portal fault add --path "/api/**" --delay 2000',
        'portal fault add --path /api/token-check --drop --times 3',
        'portal fault add --path /api/contracts --sequence 503,503,200   # fails twice, then the real answer',
        'portal fault list',
        'portal fault clear',
      ),
    );

  answerOptions(
    matchOptions(
      fault
        .command('add')
        .description(
          'add a fault rule for a method and path pattern (* = one segment, ** = any); stubs and faults share one ordered list',
        ),
    ),
    'answer this HTTP status',
  )
    .option(
      '--delay <ms>',
      'wait this long before answering (delays of every matching rule add up)',
      integer(0, 120_000),
    )
    .option('--drop', 'drop the connection without an answer')
    .option('--malformed', 'answer a body that is not valid JSON')
    .addHelpText(
      'after',
      examples(
        'portal fault add --path /api/contracts --status 503 --times 2',
        'portal fault add --path /api/contracts --status 200 --body \'[{"id":"wrong"}]\'',
        'portal fault add --method GET --path "/api/widget/**" --malformed',
        'portal fault add --path "/api/contract/*/user" --persona agent --status 403',
        'portal fault add --path /api/contracts --sequence 503,503,200',
      ),
    )
    .action(async (opts: AddOptions, command: Command) => {
      if (
        opts.status === undefined &&
        opts.delay === undefined &&
        !opts.drop &&
        !opts.malformed &&
        opts.body === undefined &&
        !opts.sequence &&
        !opts.step
      ) {
        throw new UsageError(
          'say what the fault does: --status, --body, --delay, --drop, --malformed, --sequence or --step',
        );
      }
      if (opts.drop && (opts.status !== undefined || opts.malformed || opts.body !== undefined)) {
        throw new UsageError(
          '--drop sends no answer: it cannot be combined with --status, --body or --malformed',
        );
      }
      if (opts.malformed && opts.body !== undefined)
        throw new UsageError('--malformed and --body cannot be combined');
      checkSequence(opts);
      const client = ControlClient.of(command);
      const rule = await client.call('addFault', {
        body: {
          ...matchBody(opts),
          ...(opts.status !== undefined
            ? { status: opts.status }
            : opts.body !== undefined && !opts.sequence && !opts.step
              ? { status: 200 }
              : {}),
          ...(opts.body !== undefined ? { body: opts.body } : {}),
          ...(opts.delay !== undefined ? { delayMs: opts.delay } : {}),
          ...(opts.drop ? { drop: true } : {}),
          ...(opts.malformed ? { malformed: true } : {}),
        },
      });
      if (opts.json) return printJson(rule);
      printAdded('Fault rule', rule);
    });

  fault
    .command('list')
    .description('the fault rules, in the order the mock tries them, with their hits and what hides them')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal fault list', 'portal fault list --json'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      await listRules(ControlClient.of(command), 'listFaults', opts, 'No fault rule.');
    });

  fault
    .command('clear')
    .description('remove one fault rule, or all of them')
    .argument('[id]', 'rule id (default: every rule)', integer(1))
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal fault clear', 'portal fault clear 3'))
    .action(async (id: number | undefined, opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      if (id === undefined) {
        const before = await client.call('listFaults');
        await client.call('clearFaults');
        if (opts.json) return printJson({ cleared: before.length });
        return print(`${OK} Cleared ${before.length} fault rule${before.length === 1 ? '' : 's'}`);
      }
      await client.call('removeFault', { params: { id: String(id) } });
      if (opts.json) return printJson({ cleared: 1, id });
      print(`${OK} Cleared fault rule ${id}`);
    });
}
