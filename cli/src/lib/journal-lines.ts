/** Journal entries as lines people read: time, status or outcome, address, contract violations. */
import type { JournalEntry, ViolationEntry } from '@portal/mock-server/control';
import { dim } from './output.ts';

/** The time of day of an entry, to the millisecond (UTC). */
export function clock(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : date.toISOString().slice(11, 23);
}

/** The status, or how the call ended without one: "dropped" (a fault rule), "aborted" (the client left). */
export function statusText(entry: JournalEntry): string {
  return entry.status === null || entry.outcome !== 'answered' ? entry.outcome : String(entry.status);
}

export const address = (entry: JournalEntry): string =>
  entry.query ? `${entry.path}?${entry.query}` : entry.path;

/** One call that broke the contract: method, path, endpoint id and spec line, what differs. */
export function violationLine(entry: ViolationEntry, withPartition = false): string {
  const where = withPartition ? dim(` [${entry.partition}]`) : '';
  const who = entry.rule ? ` ${entry.rule.kind} ${entry.rule.id}` : entry.proxied ? ' proxied' : '';
  const { endpoint, spec } = entry.violation;
  const names = endpoint ? `${endpoint}${spec ? `, ${spec}` : ''}` : 'no endpoint';
  return `${dim(clock(entry.time))}  ${entry.method.padEnd(6)} ${address(entry)} (${names}, ${statusText(entry)}${who})${where}: ${entry.violation.problems.join('; ')}`;
}
