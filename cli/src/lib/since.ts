/** --since of the journal commands: a date-time or a duration back from now. */
import { InvalidArgumentError } from 'commander';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** --since: an ISO date-time, or a duration back from now: 30s, 5m, 2h, 1d. */
export function sinceTime(value: string, now = Date.now()): string {
  const relative = /^(\d+)\s*([smhd])$/.exec(value.trim());
  if (relative)
    return new Date(now - Number(relative[1]) * (UNITS[relative[2] as string] ?? 0)).toISOString();
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new InvalidArgumentError(
      `expected a duration such as 5m (s, m, h, d) or an ISO date-time such as 2026-01-31T10:00:00Z, got "${value}"`,
    );
  return date.toISOString();
}
