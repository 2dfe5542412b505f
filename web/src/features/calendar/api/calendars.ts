/** The calendar calls of contract/src/endpoints/operations.ts, with their query-options factory. */
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CalendarEvent,
  calendar,
  calendarCategory,
  calendarCategoryInput,
  calendarEventInput,
} from '@portal/contract';
import { callData } from '@/lib/api-client';
import { endpointQuery, invalidateEndpoints } from '@/lib/endpoint-query';

export type Calendar = z.infer<typeof calendar>;
export type CalendarCategory = z.infer<typeof calendarCategory>;
export type CalendarEventInput = z.input<typeof calendarEventInput>;
export type CalendarCategoryInput = z.input<typeof calendarCategoryInput>;
export type { CalendarEvent };

export interface EventRange {
  /** ISO date-times of the first and last displayed instants */
  startDate: string;
  endDate: string;
  /** the filter: the kept categories, and whether the events without one are kept; absent: every event */
  filter?: { categories: number[]; noCategory: boolean } | undefined;
}

/** Field errors go back to the form: errors stay local. */
export async function createCalendarEvent(
  calendarId: number,
  input: CalendarEventInput,
): Promise<CalendarEvent> {
  return callData('createCalendarEvent', { params: { calendarId }, body: input }, { errors: 'local' });
}

/** The whole event, as at its creation; field errors go back to the form. */
export async function updateCalendarEvent(
  calendarId: number,
  eventId: number,
  input: CalendarEventInput,
): Promise<CalendarEvent> {
  return callData(
    'updateCalendarEvent',
    { params: { calendarId, eventId }, body: input },
    { errors: 'local' },
  );
}

export async function deleteCalendarEvent(calendarId: number, eventId: number): Promise<void> {
  await callData('deleteCalendarEvent', { params: { calendarId, eventId } }, { errors: 'local' });
}

export async function createCalendarCategory(
  calendarId: number,
  input: CalendarCategoryInput,
): Promise<CalendarCategory> {
  return callData('createCalendarCategory', { params: { calendarId }, body: input }, { errors: 'local' });
}

export async function deleteCalendarCategory(calendarId: number, categoryId: number): Promise<void> {
  await callData('deleteCalendarCategory', { params: { calendarId, categoryId } }, { errors: 'local' });
}

/** A calendar's reads: a failure is said in place (a 4xx goes to the error pages). */
const inPlace = { failures: 'in-place' } as const;

export const calendarQueries = {
  list: (contractId: number) =>
    endpointQuery(contractId, 'listCalendars', { query: { contract: contractId } }, inPlace),
  detail: (contractId: number, calendarId: number) =>
    endpointQuery(contractId, 'getCalendar', { params: { calendarId } }, inPlace),
  categories: (contractId: number, calendarId: number) =>
    endpointQuery(contractId, 'listCalendarCategories', { params: { calendarId } }, inPlace),
  event: (contractId: number, calendarId: number, eventId: number) =>
    endpointQuery(contractId, 'getCalendarEvent', { params: { calendarId, eventId } }, inPlace),
  events: (contractId: number, calendarId: number, range: EventRange) =>
    endpointQuery(
      contractId,
      'listCalendarEvents',
      {
        params: { calendarId },
        query: {
          startDate: range.startDate,
          endDate: range.endDate,
          ...(range.filter ? { category: range.filter.categories, noCategory: range.filter.noCategory } : {}),
        },
      },
      inPlace,
    ),
};

/** What a change of a calendar's events or categories alters, wherever it is shown. */
const CALENDAR_READS = [
  'listCalendars',
  'getCalendar',
  'listCalendarCategories',
  'listCalendarEvents',
  'getCalendarEvent',
] as const;

/** After a change to a calendar: its categories and events reload. */
export function invalidateCalendar(client: QueryClient, contractId: number): Promise<void> {
  return invalidateEndpoints(client, contractId, CALENDAR_READS);
}
