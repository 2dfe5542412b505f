/** The part of a Lighthouse result (LHR) the bench reads, and what it makes of it. */

/** The audits that cost points in a category, for the note ("color-contrast, errors-in-console"). */
export function failingAudits(lhr: LighthouseResult, category: string): string {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is LighthouseAudit => !!audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => audit.id)
    .slice(0, 4)
    .join(', ');
}

interface LighthouseAudit {
  id: string;
  score: number | null;
  numericValue?: number;
}
export interface LighthouseResult {
  environment: { benchmarkIndex: number };
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<string, LighthouseAudit | undefined>;
}
