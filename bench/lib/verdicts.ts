/**
 * Two runs of one commit side by side: every judged figure (one with a budget) of either run, its
 * value and verdict in each, and whether the verdicts agree. A figure whose verdict follows the
 * machine's load rather than the code shows up here as a disagreement.
 */
import type { Figure, Status } from './figures.ts';
import { formatBudget, formatValue } from './table.ts';

export interface VerdictRow {
  section: string;
  name: string;
  budget: string;
  /** the figure in each run; null when that run does not have it */
  a: Pick<Figure, 'value' | 'unit' | 'status'> | null;
  b: Pick<Figure, 'value' | 'unit' | 'status'> | null;
  /** both runs judged it and gave the same verdict */
  same: boolean;
}

const key = (f: Pick<Figure, 'section' | 'name'>) => `${f.section}\u0000${f.name}`;
const judged = (f: Figure) => f.budget !== undefined;

/** The judged figures of both runs, in the order of the first (then those only the second has). */
export function compareVerdicts(a: readonly Figure[], b: readonly Figure[]): VerdictRow[] {
  const inB = new Map(b.filter(judged).map((f) => [key(f), f]));
  const inA = new Map(a.filter(judged).map((f) => [key(f), f]));
  const order = [...inA.values(), ...[...inB.values()].filter((f) => !inA.has(key(f)))];
  return order.map((f) => {
    const left = inA.get(key(f)) ?? null;
    const right = inB.get(key(f)) ?? null;
    const verdict = (s: Status | undefined) => (s === 'within' || s === 'over' ? s : null);
    const va = verdict(left?.status);
    return {
      section: f.section,
      name: f.name,
      budget: formatBudget(f.budget, f.unit),
      a: left && { value: left.value, unit: left.unit, status: left.status },
      b: right && { value: right.value, unit: right.unit, status: right.status },
      same: va !== null && va === verdict(right?.status),
    };
  });
}

const cell = (f: VerdictRow['a']) =>
  f ? `${formatValue(f)} ${f.status === 'over' ? 'OVER' : f.status}` : 'absent';

/** The comparison as a Markdown table (docs/bench.md), the disagreements marked. */
export function verdictTable(rows: readonly VerdictRow[], labels: readonly [string, string]): string {
  const lines = [
    `| figure | budget | ${labels[0]} | ${labels[1]} | same verdict |`,
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name.replace(/\|/g, '\\|')} | ${r.budget} | ${cell(r.a)} | ${cell(r.b)} | ${r.same ? 'yes' : '**no**'} |`,
    ),
  ];
  return lines.join('\n');
}
