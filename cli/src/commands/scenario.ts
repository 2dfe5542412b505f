/** `portal scenario list|load|reset|export|import`: the data set loaded in the mock server. */
import { parseJsonText } from '../lib/json-text.ts';
import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ControlOutput, MockHealth, ScenarioLoaded } from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { describeLatency } from './latency.ts';
import { CliError, UsageError, describeError } from '../lib/errors.ts';
import { examples, integer } from '../lib/options.ts';
import { OK, note, print, printJson, progress, table, yellow } from '../lib/output.ts';

type StateImported = ControlOutput<'importState'>;

const seed = integer(0, 2 ** 31 - 1);

export function registerScenario(program: Command): void {
  const scenario = program
    .command('scenario')
    .description('list, load, reset, export and import the data of the mock server')
    .addHelpText(
      'after',
      examples(
        'portal scenario list',
        'portal scenario load large --seed 7',
        'portal scenario reset',
        'portal scenario export state.json && portal scenario import state.json',
        'portal scenario export --with-rules state.json   # with the stubs and faults',
      ),
    );

  scenario
    .command('list')
    .description('the scenarios the mock server can load; * marks the loaded one')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal scenario list', 'portal scenario list --json'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const [list, health] = await Promise.all([client.call('listScenarios'), client.call('health')]);
      const rows = list.map((s) => ({ ...s, current: s.name === health.scenario }));
      if (opts.json) return printJson(rows);
      print(
        table(rows, [
          { header: '', value: (r) => (r.current ? '*' : '') },
          { header: 'NAME', value: (r) => r.name },
          { header: 'DESCRIPTION', value: (r) => r.description },
        ]),
      );
      print(`\nLoaded: ${health.scenario} (seed ${health.seed})`);
    });

  scenario
    .command('load')
    .description(
      'load a scenario (replaces the data of the partition; its stubs, faults and latency are kept)',
    )
    .argument('<name>', 'scenario name: default, empty, large')
    .option('--seed <n>', 'seed of the generated data (same seed, same data)', seed)
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('portal scenario load default', 'portal scenario load large --seed 42 --json'),
    )
    .action(async (name: string, opts: { seed?: number; json?: boolean }, command: Command) => {
      const client = ControlClient.of(command, { create: true });
      const bar = progress(
        `Loading scenario ${name}${opts.seed === undefined ? '' : ` (seed ${opts.seed})`}`,
      );
      let answer: ScenarioLoaded;
      try {
        answer = await client.call(
          'loadScenario',
          { params: { name }, query: { seed: opts.seed } },
          { timeoutMs: 120_000 },
        );
      } finally {
        bar.done();
      }
      if (opts.json) return printJson(answer);
      print(`${OK} Loaded scenario ${answer.name} (seed ${answer.seed}) in ${answer.loadMs} ms`);
      printKept(answer);
    });

  scenario
    .command('reset')
    .description(
      'reload the current scenario with its seed: undoes every change to the data (stubs, faults and latency are kept)',
    )
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal scenario reset'))
    .action(async (opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const bar = progress('Resetting the mock server');
      let answer: ScenarioLoaded;
      let health: MockHealth;
      try {
        answer = await client.call('reset', {}, { timeoutMs: 120_000 });
        health = await client.call('health');
      } finally {
        bar.done();
      }
      if (opts.json)
        return printJson({
          ...answer,
          scenario: health.scenario,
          seed: health.seed,
        });
      print(`${OK} Reset scenario ${health.scenario} (seed ${health.seed})`);
      printKept(answer);
    });

  registerScenarioFiles(scenario);
}

/**
 * What a load or reset kept: it replaces the data only, so the stubs, faults and latency still answer;
 * said after the load with the commands that remove them (nothing when there is none).
 */
function printKept(answer: ScenarioLoaded): void {
  const { stubs, faults, latency } = answer.kept;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const kept: string[] = [];
  const removers: string[] = [];
  if (stubs) {
    kept.push(plural(stubs, 'stub'));
    removers.push('`portal stub clear`');
  }
  if (faults) {
    kept.push(plural(faults, 'fault'));
    removers.push('`portal fault clear`');
  }
  if (latency) {
    kept.push(`latency ${describeLatency(latency)}`);
    removers.push('`portal latency none`');
  }
  if (kept.length === 0) return;
  print(
    `Kept ${kept.join(', ')} (a scenario load replaces the data only): ${removers.join(', ')} removes them`,
  );
}

/** `portal scenario export|import`: the state as a file, with the rules if asked. */
function registerScenarioFiles(scenario: Command): void {
  scenario
    .command('export')
    .description('write the whole state as JSON to a file (or to stdout with no file or "-")')
    .argument('[file]', 'where to write it')
    .option(
      '--with-rules',
      'also the stubs and faults of the partition (as `rules`): `scenario import` restores them',
    )
    .option('--json', 'print a JSON summary (with a file)')
    .addHelpText(
      'after',
      examples(
        'portal scenario export state.json',
        'portal scenario export > state.json',
        'portal scenario export --with-rules state.json   # the data, the stubs and the faults',
      ),
    )
    .action(
      async (file: string | undefined, opts: { json?: boolean; withRules?: boolean }, command: Command) => {
        const client = ControlClient.of(command);
        const input = opts.withRules ? { query: { rules: 'true' as const } } : {};
        const response = await client.open('exportState', input, { timeoutMs: 120_000 });
        const text = await response.text();
        if (!response.ok)
          throw new CliError(`GET ${client.urlOf('exportState', input)} answered ${response.status}`);
        if (!file || file === '-') {
          process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
          return;
        }
        try {
          await writeFile(file, text);
        } catch (error) {
          throw new CliError(`cannot write ${file}: ${describeError(error)}`);
        }
        const bytes = Buffer.byteLength(text);
        if (opts.json) return printJson({ file, bytes });
        print(`${OK} Exported the state to ${file} (${formatBytes(bytes)})`);
      },
    );

  scenario
    .command('import')
    .description(
      'replace the whole state with a file written by `scenario export` ("-" reads stdin); a file exported --with-rules also replaces the stubs and faults (all or nothing)',
    )
    .argument('<file>', 'JSON file written by `portal scenario export`')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal scenario import state.json'))
    .action(async (file: string, opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command, { create: true });
      let text: string;
      try {
        text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
      } catch (error) {
        // a file that cannot be read or is not JSON: a misuse (exit 2), as for `stub import`
        throw new UsageError(`cannot read ${file}: ${describeError(error)}`);
      }
      let state: unknown;
      try {
        state = parseJsonText(text);
      } catch (error) {
        throw new UsageError(`${file} is not valid JSON: ${describeError(error)}`, [
          'use a file written by `portal scenario export`.',
        ]);
      }
      const bar = progress(`Importing ${file}`);
      let imported: StateImported;
      try {
        imported = await client.call('importState', { body: state }, { timeoutMs: 120_000 });
      } finally {
        bar.done();
      }
      const health = await client.call('health');
      const bytes = Buffer.byteLength(text);
      const { rules } = imported;
      for (const warning of rules?.warnings ?? []) note(`${yellow('warning:', process.stderr)} ${warning}`);
      if (opts.json)
        return printJson({
          file,
          bytes,
          scenario: health.scenario,
          seed: health.seed,
          ...(rules ? { rules } : {}),
        });
      const withRules = rules ? `, with ${rules.stubs} stub(s) and ${rules.faults} fault(s)` : '';
      print(`${OK} Imported the state from ${file} (${formatBytes(bytes)}${withRules})`);
    });
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
