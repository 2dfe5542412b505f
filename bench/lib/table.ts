/** Formats the figures as one plain-text table (the stdout of `npm run bench`). */
import { type Budget, type Figure, summarize } from './figures.ts';

/** A number as people read it: thousands separated, at most `digits` decimals. */
export function formatNumber(value: number, digits = 1): string {
  const rounded = Number(value.toFixed(digits));
  const [whole, fraction] = Math.abs(rounded).toFixed(digits).split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction ? fraction.replace(/0+$/, '') : '';
  return `${rounded < 0 ? '-' : ''}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

export function formatValue(f: Pick<Figure, 'value' | 'unit'>): string {
  if (f.value === null) return 'n/a';
  return f.unit ? `${formatNumber(f.value)} ${f.unit}` : formatNumber(f.value);
}

export function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '-';
  const op = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' }[budget.op];
  return `${op} ${formatNumber(budget.limit)}${unit ? ` ${unit}` : ''}`;
}

const STATUS_TEXT = { within: 'within', over: 'OVER', 'n/a': 'n/a', info: 'info' } as const;

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  node: string;
  platform: string;
  chromium: string | null;
  /** 1-minute load average when the run started: other work on the machine skews every figure */
  loadAverage: number;
  /** 1-minute load average when the run ended */
  loadAverageEnd?: number;
  /** the load average sampled through the run: lowest, median, highest */
  loadSampled?: { min: number; median: number; max: number; samples: number };
  date: string;
}

/** "load average 0.80 at start, 3.10 at end (busy: 2 cores)": at or above the core count is busy. */
export function loadText(
  machine: Pick<MachineInfo, 'cores' | 'loadAverage' | 'loadAverageEnd' | 'loadSampled'>,
): string {
  const end = machine.loadAverageEnd;
  const sampled = machine.loadSampled;
  const highest = Math.max(machine.loadAverage, end ?? 0, sampled?.max ?? 0);
  const busy = highest >= machine.cores ? ` (busy: ${machine.cores} cores)` : '';
  const through = sampled
    ? `, ${sampled.min.toFixed(1)} to ${sampled.max.toFixed(1)} through the run (median ${sampled.median.toFixed(1)})`
    : '';
  return `load average ${machine.loadAverage.toFixed(2)}${end === undefined ? '' : ` at start, ${end.toFixed(2)} at end`}${through}${busy}`;
}

/** Pads a string to a display width (characters, not bytes). */
function pad(text: string, width: number): string {
  const length = [...text].length;
  return length >= width ? text : text + ' '.repeat(width - length);
}

/** The table: one block per section, columns figure | value | budget | status | load average | note. */
export function formatTable(figures: readonly Figure[], machine: MachineInfo): string {
  const header = ['Figure', 'Value', 'Budget', 'Status', 'Load', 'Note'];
  const rows = figures.map((f) => [
    f.name,
    formatValue(f),
    formatBudget(f.budget, f.unit),
    STATUS_TEXT[f.status],
    f.load === undefined ? '' : f.load.toFixed(1),
    f.note ?? '',
  ]);
  const widths = header.map((h, i) =>
    Math.max([...h].length, ...rows.map((r) => [...(r[i] ?? '')].length)),
  ) as number[];
  // the note column is the last one: never pad it
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : pad(c, widths[i] ?? 0)))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w, i) => '-'.repeat(i === widths.length - 1 ? Math.min(w, 40) : w)).join('-+-');
  const out: string[] = [];
  out.push(
    `Machine: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}` +
      `${machine.chromium ? `, ${machine.chromium}` : ''}, ${loadText(machine)}, ${machine.date}`,
  );
  out.push(line(header));
  out.push(rule);
  let section: string | null = null;
  figures.forEach((f, i) => {
    if (f.section !== section) {
      section = f.section;
      out.push(`[${section}]`);
    }
    out.push(line(rows[i] ?? []));
  });
  out.push(rule);
  const counts = summarize(figures);
  out.push(
    `${counts.within} within budget, ${counts.over} over, ${counts['n/a']} n/a, ${counts.info} informative`,
  );
  return out.join('\n');
}
