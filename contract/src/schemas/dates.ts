/**
 * Real calendar dates: `isoDate` checks the shape only ("2026-02-31" passes it); these checks read
 * the date the way a calendar does, for payloads where a wrong day would be stored and shown.
 */

/** True when the string's date part (YYYY-MM-DD) is a day that exists, and any time part parses. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const sameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
}

/** The instant a date or date-time stands for (a bare date is its midnight UTC), to compare two of them. */
export const instantOf = (value: string): number => Date.parse(value.replace(' ', 'T'));
