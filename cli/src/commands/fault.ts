/** `portal fault add|list|clear`: make the mock server fail on purpose. */
import type { Command } from 'commander';
import { DRIBBLE_CHUNKS, UPLINK_MIN_BYTES_PER_SECOND } from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { UsageError } from '../lib/errors.ts';
import { decimal, examples, integer } from '../lib/options.ts';
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
  dropAnswer?: boolean;
  malformed?: boolean;
  resetMidBody?: boolean;
  dribble?: number;
  chunks?: number;
  uplink?: number;
  rate?: number;
  seed?: number;
}

/** A share of the calls (0.2 = one call in five). */
const share = decimal(0, 1, '0.2');

/** What the options say the fault does, or a usage error when they contradict each other. */
function checkEffect(opts: AddOptions): void {
  if (
    opts.status === undefined &&
    opts.delay === undefined &&
    !opts.drop &&
    !opts.dropAnswer &&
    !opts.malformed &&
    !opts.resetMidBody &&
    opts.dribble === undefined &&
    opts.uplink === undefined &&
    opts.body === undefined &&
    !opts.sequence &&
    !opts.step
  ) {
    throw new UsageError(
      'say what the fault does: --status, --body, --delay, --drop, --drop-answer, --malformed, --reset-mid-body, --dribble, --uplink, --sequence or --step',
    );
  }
  if (opts.drop && opts.dropAnswer)
    throw new UsageError(
      '--drop (no call reaches the mock) and --drop-answer (the call is made, its answer lost) exclude each other',
    );
  const answerShaped =
    opts.status !== undefined ||
    opts.malformed ||
    opts.body !== undefined ||
    opts.resetMidBody ||
    opts.dribble !== undefined;
  for (const [given, flag] of [
    [opts.dropAnswer, '--drop-answer'],
    [opts.drop, '--drop'],
  ] as const) {
    if (given && answerShaped)
      throw new UsageError(
        `${flag} sends no answer: it cannot be combined with --status, --body, --malformed, --reset-mid-body or --dribble`,
      );
  }
  if (
    opts.uplink !== undefined &&
    (answerShaped || opts.drop || opts.dropAnswer || opts.sequence || opts.step)
  )
    throw new UsageError(
      '--uplink only slows the upload: the answer comes from another rule or the mock (not with --status, --body, --drop, --drop-answer, --malformed, --reset-mid-body, --dribble, --sequence or --step)',
    );
  if (opts.malformed && opts.body !== undefined)
    throw new UsageError('--malformed and --body cannot be combined');
  if (opts.chunks !== undefined && opts.dribble === undefined)
    throw new UsageError('--chunks goes with --dribble');
  if (opts.seed !== undefined && opts.rate === undefined) throw new UsageError('--seed goes with --rate');
  checkSequence(opts);
}

export function registerFault(program: Command): void {
  const fault = program
    .command('fault')
    .description(
      'add, list and clear fault rules: error statuses, delays, dropped or reset connections, slow or malformed bodies, a share of the calls',
    )
    .addHelpText(
      'after',
      examples(
        'portal fault add --path /api/contracts --status 500',
        'portal fault add --method POST --path "/api/contract/*/user/role" --status 400 --body \'{"message":"bad"}\' --times 1',
        'portal fault add --path "/api/**" --delay 2000',
        'portal fault add --path /api/token-check --drop --times 3',
        'portal fault add --path /api/contracts --sequence 503,503,200   # fails twice, then the real answer',
        'portal fault add --path /api/contracts --reset-mid-body          # headers, half the body, then a reset',
        'portal fault add --path /api/contracts --dribble 2000            # the body arrives in pieces over 2 s',
        'portal fault add --path "/api/**" --status 503 --rate 0.2 --seed 7   # one call in five, repeatably',
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
    .option(
      '--drop-answer',
      'the lost answer: the call is made (the state changes), then the connection closes before its answer',
    )
    .option('--malformed', 'answer a body that is not valid JSON')
    .option(
      '--reset-mid-body',
      "send the headers and the first half of the body (the rule's, or the real answer), then reset the connection",
    )
    .option(
      '--dribble <ms>',
      'send the body in pieces spread over this many milliseconds (a slow body)',
      integer(1, 120_000),
    )
    .option('--chunks <n>', `with --dribble: how many pieces (default ${DRIBBLE_CHUNKS})`, integer(2, 100))
    .option(
      '--uplink <bytesPerSecond>',
      `a slow uplink: read an upload's body (multipart) at most this many bytes a second (${UPLINK_MIN_BYTES_PER_SECOND} at least); the answer comes after`,
      integer(UPLINK_MIN_BYTES_PER_SECOND, 100_000_000),
    )
    .option('--rate <share>', 'fault only this share of the matching calls, such as 0.2 (one in five)', share)
    .option(
      '--seed <n>',
      'with --rate: the seed of the draws; the same seed faults the same calls (default: drawn, and listed)',
      integer(0, 2 ** 31 - 1),
    )
    .addHelpText(
      'after',
      examples(
        'portal fault add --path /api/contracts --status 503 --times 2',
        'portal fault add --path /api/contracts --status 200 --body \'[{"id":"wrong"}]\'',
        'portal fault add --method GET --path "/api/widget/**" --malformed',
        'portal fault add --path "/api/contract/*/user" --persona agent --status 403',
        'portal fault add --path /api/contracts --sequence 503,503,200',
        'portal fault add --path /api/contracts --reset-mid-body --times 1',
        'portal fault add --method POST --path /api/signal --drop-answer --times 1   # saved, answer lost',
        'portal fault add --path "/api/contract/*/user" --dribble 2000 --chunks 10',
        'portal fault add --method POST --path "/api/signal/*/photo" --uplink 8000   # photos over 8 KB/s',
        'portal fault add --path "/api/**" --status 503 --rate 0.2 --seed 42',
      ),
    )
    .action(async (opts: AddOptions, command: Command) => {
      checkEffect(opts);
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
          ...(opts.dropAnswer ? { dropAnswer: true } : {}),
          ...(opts.malformed ? { malformed: true } : {}),
          ...(opts.resetMidBody ? { resetMidBody: true } : {}),
          ...(opts.dribble !== undefined ? { dribbleMs: opts.dribble } : {}),
          ...(opts.chunks !== undefined ? { chunks: opts.chunks } : {}),
          ...(opts.uplink !== undefined ? { uplinkBytesPerSecond: opts.uplink } : {}),
          ...(opts.rate !== undefined ? { rate: opts.rate } : {}),
          ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
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
