import { z } from 'zod';
import { isoDate, label } from './common.ts';
import { instantOf } from '../dates.ts';

/* Calendars. */
export const calendar = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  objectType: z.string(),
  objectId: z.number().int(),
  label: z.string(),
});
export const calendarCategory = z.object({
  id: z.number().int(),
  calendarId: z.number().int(),
  label: z.string(),
  color: z.string(),
});
/** A category's colour: '#' and six hexadecimal digits. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const calendarCategoryInput = z.object({
  label,
  color: z.string().regex(HEX_COLOR, 'expected a colour such as #1f6feb'),
});
export const calendarEvent = z.object({
  id: z.number().int(),
  calendarId: z.number().int(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  startDate: isoDate,
  endDate: isoDate,
  description: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
/** A calendar event's fields, without the rule between them (forms pick from it). */
export const calendarEventFields = z.object({
  title: label,
  categoryId: z.number().int().positive().nullable().optional(),
  startDate: isoDate,
  endDate: isoDate,
  description: z.string().max(4000).default(''),
});
/** An event ends at or after its start (the instants compared). */
export function eventDatesInOrder(event: { startDate: string; endDate: string }): boolean {
  return instantOf(event.endDate) >= instantOf(event.startDate);
}
export const calendarEventInput = calendarEventFields
  // isoDate already refuses days and times that do not exist: here, only their order
  .superRefine((e, ctx) => {
    if (!eventDatesInOrder(e))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'the end is before the start' });
  });
export type CalendarEventInput = z.input<typeof calendarEventInput>;
