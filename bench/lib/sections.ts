/** The sections of `npm run bench`, and the subset BENCH_ONLY asks for. */

const SECTIONS = ['bundle', 'lighthouse', 'interaction', 'mock'] as const;
export type Section = (typeof SECTIONS)[number];

/** The sections to run, in their fixed order; throws on an unknown name. */
export function selectedSections(only: string | undefined): Section[] {
  if (!only) return [...SECTIONS];
  const wanted = only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; choose among ${SECTIONS.join(', ')}`,
    );
  return SECTIONS.filter((s) => wanted.includes(s));
}

/** The value of `--only X` or `--only=X` among the command's arguments (`npm run bench -- --only mock`). */
export function onlyArgument(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--only') return args[i + 1];
    if (arg.startsWith('--only=')) return arg.slice('--only='.length);
  }
  return undefined;
}

/**
 * How long a section may run before it is reported as failed and the next one starts (ms): 570 s
 * together, so that a run with its build ends within 10 minutes.
 */
const SECTION_LIMITS: Record<Section, number> = {
  bundle: 140_000,
  lighthouse: 140_000,
  interaction: 60_000,
  mock: 230_000,
};

export function sectionLimitMs(
  section: string,
  env: Record<string, string | undefined> = process.env,
): number {
  const asked = Number(env.BENCH_SECTION_LIMIT);
  if (Number.isFinite(asked) && asked > 0) return asked * 1000;
  return SECTION_LIMITS[section as Section] ?? 300_000;
}

/** What one step of a run (the build, a section) took: wall and CPU time, the load it ran under. */
export interface StepTime {
  step: string;
  /** wall time, seconds */
  wallS: number;
  /** CPU of the bench and every process it started (browsers, servers, the build), seconds; null without /proc */
  cpuS: number | null;
  /** median load average over the step */
  load: number;
  /** why it failed or was stopped; absent when it ended by itself */
  failed?: string;
}

/** "2 min 05 s", "48 s". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** The lines printed under the table: each step's wall and CPU time and load, then the run's total. */
export function formatStepTimes(steps: readonly StepTime[], totalS: number): string {
  const lines = steps.map(
    (t) =>
      `  ${t.step}: ${formatDuration(t.wallS)} wall, ${t.cpuS === null ? '? s' : formatDuration(t.cpuS)} CPU, load average ${t.load.toFixed(1)}${t.failed ? ` (FAILED: ${t.failed})` : ''}`,
  );
  return [`Time (the run: ${formatDuration(totalS)} wall):`, ...lines].join('\n');
}
