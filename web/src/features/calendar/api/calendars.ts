/** The calendar calls of contract/src/endpoints/operations.ts, with their query-options factory. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CalendarEvent,
  calendar,
  calendarCategory,
  calendarCategoryInput,
  calendarEventInput,
} from '@portal/contract';
import { callData } from '@/lib/api-client';
import { readInPlace } from '@/lib/read-in-place';
import { contractKey } from '@/lib/query-keys';

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

async function getCalendars(contractId: number, signal?: AbortSignal): Promise<Calendar[]> {
  return readInPlace(() =>
    callData('listCalendars', { query: { contract: contractId }, signal }, { errors: 'local' }),
  );
}

async function getCalendar(calendarId: number, signal?: AbortSignal): Promise<Calendar> {
  return readInPlace(() => callData('getCalendar', { params: { calendarId }, signal }, { errors: 'local' }));
}

async function getCalendarCategories(calendarId: number, signal?: AbortSignal): Promise<CalendarCategory[]> {
  return readInPlace(() =>
    callData('listCalendarCategories', { params: { calendarId }, signal }, { errors: 'local' }),
  );
}

async function getCalendarEvents(
  calendarId: number,
  range: EventRange,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  return readInPlace(() =>
    callData(
      'listCalendarEvents',
      {
        params: { calendarId },
        query: {
          startDate: range.startDate,
          endDate: range.endDate,
          ...(range.filter ? { category: range.filter.categories, noCategory: range.filter.noCategory } : {}),
        },
        signal,
      },
      { errors: 'local' },
    ),
  );
}

/** Field errors go back to the form: errors stay local. */
export async function createCalendarEvent(
  calendarId: number,
  input: CalendarEventInput,
): Promise<CalendarEvent> {
  return callData('createCalendarEvent', { params: { calendarId }, body: input }, { errors: 'local' });
}

async function getCalendarEvent(
  calendarId: number,
  eventId: number,
  signal?: AbortSignal,
): Promise<CalendarEvent> {
  return readInPlace(() =>
    callData('getCalendarEvent', { params: { calendarId, eventId }, signal }, { errors: 'local' }),
  );
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

export const calendarQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'calendars'] as const,
  list: (contractId: number) =>
    queryOptions({
      queryKey: [...calendarQueries.all(contractId), 'list'],
      queryFn: ({ signal }) => getCalendars(contractId, signal),
    }),
  detail: (contractId: number, calendarId: number) =>
    queryOptions({
      queryKey: [...calendarQueries.all(contractId), 'detail', calendarId],
      queryFn: ({ signal }) => getCalendar(calendarId, signal),
    }),
  categories: (contractId: number, calendarId: number) =>
    queryOptions({
      queryKey: [...calendarQueries.all(contractId), 'detail', calendarId, 'categories'],
      queryFn: ({ signal }) => getCalendarCategories(calendarId, signal),
    }),
  event: (contractId: number, calendarId: number, eventId: number) =>
    queryOptions({
      queryKey: [...calendarQueries.all(contractId), 'detail', calendarId, 'event', eventId],
      queryFn: ({ signal }) => getCalendarEvent(calendarId, eventId, signal),
    }),
  events: (contractId: number, calendarId: number, range: EventRange) =>
    queryOptions({
      queryKey: [...calendarQueries.all(contractId), 'detail', calendarId, 'events', range],
      queryFn: ({ signal }) => getCalendarEvents(calendarId, range, signal),
    }),
};

/** After a change to a calendar: its categories and events reload. */
export function invalidateCalendar(
  client: QueryClient,
  contractId: number,
  calendarId: number,
): Promise<void> {
  return client.invalidateQueries({ queryKey: [...calendarQueries.all(contractId), 'detail', calendarId] });
}
