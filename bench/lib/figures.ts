/**
 * Figures and budgets: what every section of `npm run bench` produces, and the pure comparison
 * of a measured value with its budget (within, over, or n/a with the reason).
 */

type Comparison = '<' | '<=' | '>' | '>=';

export interface Budget {
  op: Comparison;
  limit: number;
}

export type Status = 'within' | 'over' | 'n/a' | 'info';

export interface Figure {
  /** table section, e.g. "Bundle" */
  section: string;
  /** what was measured, e.g. "home (signed in): JS gzip" */
  name: string;
  /** null when it could not be measured (then `note` says why) */
  value: number | null;
  unit: string;
  /** no budget: an informative figure */
  budget?: Budget;
  status: Status;
  /** the reason for n/a, or context (persona, sample size, ...) */
  note?: string;
  /** raw detail kept in bench.json only (files loaded, samples, ...) */
  details?: unknown;
  /** 1-minute load average while it was measured (the run's samples over its section, or its own) */
  load?: number;
}

/** True when `value` meets the budget. */
export function meets(value: number, budget: Budget): boolean {
  switch (budget.op) {
    case '<':
      return value < budget.limit;
    case '<=':
      return value <= budget.limit;
    case '>':
      return value > budget.limit;
    case '>=':
      return value >= budget.limit;
  }
}

/** Status of a value against an optional budget. A missing or non-finite value is n/a. */
export function statusOf(value: number | null, budget?: Budget): Status {
  if (value === null || !Number.isFinite(value)) return 'n/a';
  if (!budget) return 'info';
  return meets(value, budget) ? 'within' : 'over';
}

/** Builds a measured figure, judged against its budget. */
export function figure(
  section: string,
  name: string,
  value: number | null,
  unit: string,
  budget?: Budget,
  note?: string,
): Figure {
  const status = statusOf(value, budget);
  return {
    section,
    name,
    value: status === 'n/a' ? null : value,
    unit,
    ...(budget ? { budget } : {}),
    status,
    ...(note ? { note } : {}),
  };
}

/** A figure that could not be measured, with the reason. */
export function notAvailable(
  section: string,
  name: string,
  unit: string,
  reason: string,
  budget?: Budget,
): Figure {
  return { section, name, value: null, unit, ...(budget ? { budget } : {}), status: 'n/a', note: reason };
}

/** Counts per status, for the summary line and the exit code. */
export function summarize(figures: readonly Figure[]): Record<Status, number> {
  const counts: Record<Status, number> = { within: 0, over: 0, 'n/a': 0, info: 0 };
  for (const f of figures) counts[f.status] += 1;
  return counts;
}

/** Median of a list of numbers (null for an empty list). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] as number;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] as number) + hi) / 2;
}

/** The p-th percentile (0..100) by nearest rank (null for an empty list). */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/**
 * The figure as measured when `judged`; otherwise shown as information against the same limit
 * (a route's mobile Lighthouse figures: their budgets apply to the home page), its standing in
 * the note.
 */
export function judgedOnlyIf(measured: Figure, judged: boolean, whose = "the home page's"): Figure {
  if (judged || !measured.budget || measured.status === 'n/a') return measured;
  const { budget, ...rest } = measured;
  const standing = measured.status === 'within' ? 'within' : 'over';
  return {
    ...rest,
    status: 'info',
    note: `${measured.note ? `${measured.note}; ` : ''}information: the budget (${budget.op} ${budget.limit}) is ${whose}, ${standing} it here`,
  };
}

/**
 * A figure shown as information rather than judged (a wall-time figure the machine's load moves),
 * its standing against the limit kept in the note.
 */
export function asInformation(measured: Figure, why: string): Figure {
  if (!measured.budget || measured.status === 'n/a') return measured;
  const { budget, ...rest } = measured;
  const standing = measured.status === 'within' ? 'within' : 'over';
  return {
    ...rest,
    status: 'info',
    note: `${measured.note ? `${measured.note}; ` : ''}information (${why}): ${standing} the limit ${budget.op} ${budget.limit}`,
  };
}
