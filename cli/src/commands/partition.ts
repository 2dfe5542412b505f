/** `portal partition list|delete`: the state partitions of the mock server (one per e2e test). */
import type { Command } from 'commander';
import { ControlClient } from '../lib/control-client.ts';
import { examples, partitionName } from '../lib/options.ts';
import { OK, note, print, printJson, table, yellow } from '../lib/output.ts';

export function registerPartition(program: Command): void {
  const partition = program
    .command('partition')
    .description(
      'list and delete the state partitions of the mock server (each has its own state, rules and journal)',
    )
    .addHelpText('after', examples('portal partition list', 'portal partition delete w0-abc123'));

  partition
    .command('list')
    .description('every partition, the most recently used first')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal partition list', 'portal partition list --json'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const [partitions, evicted] = await Promise.all([
        client.call('listPartitions'),
        client.call('listEvictions'),
      ]);
      if (opts.json) return printJson(partitions);
      print(
        table(partitions, [
          { header: 'NAME', value: (p) => p.name },
          { header: 'SCENARIO', value: (p) => p.scenario },
          { header: 'SEED', value: (p) => p.seed, align: 'right' },
          { header: 'RULES', value: (p) => p.rules, align: 'right' },
          { header: 'LAST USED', value: (p) => p.lastUsed },
        ]),
      );
      // the partitions the mock dropped to stay under its cap: a test that used one lost its state
      for (const e of evicted)
        note(
          yellow(
            `warning: partition ${e.name} was evicted at ${e.evictedAt} (idle since ${e.lastUsed}; the mock keeps at most MOCK_MAX_PARTITIONS)`,
          ),
        );
    });

  partition
    .command('delete')
    .description("forget a partition: its state, rules and journal ('default' cannot be deleted)")
    .argument('<name>', 'partition name', partitionName)
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal partition delete qa-1'))
    .action(async (name: string, opts: { json?: boolean }, command: Command) => {
      await ControlClient.of(command).call('deletePartition', { params: { name } });
      if (opts.json) return printJson({ deleted: name });
      print(`${OK} Deleted partition ${name}`);
    });
}
