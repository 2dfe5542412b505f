/** Calendar dates and times on the wire: the contract's schemas and the portal's forms share this rule. */

/** 2026-11-22, or 2026-11-22T10:30 with optional seconds, fraction and zone (Z or ±hh:mm, ±hhmm). */
export const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A real calendar date (no 31 February) with, optionally, a real time of day (no 99:99). */
export function isRealIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, zoneHours, zoneMinutes] = m
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v)));
  if (month === undefined || month < 1 || month > 12) return false;
  const daysInMonth = new Date(Date.UTC(year ?? 0, month, 0)).getUTCDate();
  if (day === undefined || day < 1 || day > daysInMonth) return false;
  // a zone offset is a real one too (+25:00, +23:99 would make the instant NaN, so never comparable)
  if ((zoneHours ?? 0) > 23 || (zoneMinutes ?? 0) > 59) return false;
  return (hour ?? 0) <= 23 && (minute ?? 0) <= 59 && (second ?? 0) <= 59;
}

/** The instant a date or date-time stands for (a bare date is its midnight UTC), to compare two of them. */
export const instantOf = (value: string): number => Date.parse(value.replace(' ', 'T'));
