/** `portal partition list|delete`: the state partitions of the mock server (one per e2e test). */
import type { Command } from 'commander';
import { ControlClient } from '../lib/control-client.ts';
import { examples, partitionName } from '../lib/options.ts';
import { OK, print, printJson, table } from '../lib/output.ts';

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
      const partitions = await ControlClient.of(command).call('listPartitions');
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
