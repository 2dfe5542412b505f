/**
 * `journal verify`: how many calls of the journal match a rule's conditions, whether the count is
 * what a CI step expects, and, when not, the calls that came closest with the parts that differed.
 */
import type { JournalEntry } from '../../control-api/schemas.ts';
import type { JournalVerdict, JournalVerifyInput } from '../../control-api/endpoints.ts';
import type { Journal } from './journal.ts';
import { compileConditions, differences } from './rule-match.ts';

type Verify = Omit<JournalVerifyInput, 'match' | 'misses'> & {
  match: Parameters<typeof compileConditions>[0];
  misses: number;
};

function expectedText(v: Verify): string {
  if (v.exactly !== undefined) return `exactly ${v.exactly}`;
  const parts = [
    ...(v.atLeast !== undefined ? [`at least ${v.atLeast}`] : []),
    ...(v.atMost !== undefined ? [`at most ${v.atMost}`] : []),
  ];
  return parts.join(' and ') || 'at least 1';
}

function holds(v: Verify, count: number): boolean {
  if (v.exactly !== undefined) return count === v.exactly;
  if (v.atLeast === undefined && v.atMost === undefined) return count >= 1;
  return (v.atLeast === undefined || count >= v.atLeast) && (v.atMost === undefined || count <= v.atMost);
}

export function verifyJournal(journal: Journal, v: Verify): JournalVerdict {
  const rule = compileConditions(v.match);
  const since = v.since ? new Date(v.since).toISOString() : undefined;
  const calls: JournalEntry[] = [];
  const misses: { call: JournalEntry; differs: string[] }[] = [];
  for (const entry of journal.list(since ? { since } : {})) {
    const differs = differences(rule, {
      method: entry.method,
      path: entry.path,
      query: Object.fromEntries(new URLSearchParams(entry.query)),
      headers: entry.headers,
      body: entry.body,
      persona: entry.persona,
    });
    if (v.status !== undefined && entry.status !== v.status) differs.push('status');
    if (differs.length === 0) calls.push(entry);
    else misses.push({ call: entry, differs });
  }
  const count = calls.length;
  const ok = holds(v, count);
  // nearest first: the fewest differing parts, then the newest
  const nearest = ok
    ? []
    : misses
        .map((m, index) => ({ ...m, index }))
        .sort((a, b) => a.differs.length - b.differs.length || b.index - a.index)
        .slice(0, v.misses)
        .map(({ call, differs }) => ({ call, differs }));
  const unchecked = [
    ...(v.match.headers && !journal.capture.headers ? ['headers'] : []),
    ...((v.match.bodyFields ||
      v.match.bodyJsonPath ||
      v.match.bodyAbsent ||
      v.match.bodyPartial !== undefined) &&
    !journal.capture.bodies
      ? ['bodies']
      : []),
  ];
  return { ok, count, expected: expectedText(v), calls, nearestMisses: nearest, unchecked };
}
