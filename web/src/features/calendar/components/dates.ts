/** Calendar arithmetic in the browser's local time; weeks start on Monday (French usage). */

/** A local day as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** YYYY-MM-DD as a local midnight; null when it is not a real day. */
export function parseDayKey(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function addMonths(date: Date, months: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, 1);
}

/** The Monday of the date's week. */
function startOfWeek(date: Date): Date {
  return addDays(date, -((date.getDay() + 6) % 7));
}

export type CalendarView = 'month' | 'week';

/** The days a view shows: whole weeks around the month, or the one week. */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') {
    const monday = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(last), 6);
  const days: Date[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The instants the view covers, as ISO date-times for the events call. */
export function visibleRange(days: Date[]): { startDate: string; endDate: string } {
  const first = days[0] ?? new Date();
  const last = days[days.length - 1] ?? first;
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59, 999);
  return { startDate: first.toISOString(), endDate: end.toISOString() };
}

/** Whether an event (ISO start and end) touches a local day. */
export function touchesDay(event: { startDate: string; endDate: string }, day: Date): boolean {
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  const dayStart = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  const dayEnd = addDays(dayStart, 1);
  return start < dayEnd && (end > dayStart || start >= dayStart);
}

/** A datetime-local input's value for a date (local time, minutes). */
export function toLocalInput(date: Date): string {
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${dayKey(date)}T${hh}:${mm}`;
}
