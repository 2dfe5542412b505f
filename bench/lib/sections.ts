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
