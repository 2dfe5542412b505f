/**
 * `npm run bench:compare -- A.json B.json`: two bench.json files (two runs of one commit, say one
 * on a quiet machine and one beside CPU burners) side by side, every judged figure with its
 * verdict in each run, as a Markdown table; then each run's time and load. Exit code 1 when a
 * verdict differs (a figure that follows the machine's load, not the code), 2 on bad arguments.
 */
import { readFileSync } from 'node:fs';
import type { Figure } from './lib/figures.ts';
import type { StepTime } from './lib/sections.ts';
import { formatDuration } from './lib/sections.ts';
import type { MachineInfo } from './lib/table.ts';
import { compareVerdicts, verdictTable } from './lib/verdicts.ts';

interface BenchJson {
  machine: MachineInfo;
  time?: { totalS: number; steps: StepTime[] };
  figures: Figure[];
}

function read(path: string): BenchJson {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<BenchJson>;
  if (!Array.isArray(parsed.figures) || !parsed.machine)
    throw new Error(`${path} is not a bench.json (no machine or figures)`);
  return parsed as BenchJson;
}

function describe(label: string, run: BenchJson): string {
  const load = run.machine.loadSampled;
  const steps = run.time?.steps.map((s) => `${s.step} ${formatDuration(s.wallS)}`).join(', ') ?? '';
  return `${label}: ${run.machine.date}, ${run.time ? formatDuration(run.time.totalS) : '?'} (${steps}); load average ${load ? `${load.min} / ${load.median} / ${load.max} (min / median / max)` : '?'}`;
}

const [first, second] = process.argv.slice(2);
if (!first || !second) {
  console.error('usage: npm run bench:compare -- A/bench.json B/bench.json');
  process.exit(2);
}
const a = read(first);
const b = read(second);
const rows = compareVerdicts(a.figures, b.figures);
console.log(describe('A', a));
console.log(describe('B', b));
console.log('');
console.log(verdictTable(rows, ['A', 'B']));
const differing = rows.filter((r) => !r.same);
console.log('');
console.log(
  `${rows.length} judged figures, ${rows.length - differing.length} with the same verdict in both runs${differing.length ? `, ${differing.length} not: ${differing.map((r) => r.name).join('; ')}` : ''}`,
);
process.exit(differing.length > 0 ? 1 : 0);
