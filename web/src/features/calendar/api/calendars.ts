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
import { request } from '@/lib/api-client';

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

export async function getCalendars(contractId: number, signal?: AbortSignal): Promise<Calendar[]> {
  return (await request<Calendar[]>({ url: '/api/calendar', params: { contract: contractId }, signal })).data;
}

export async function getCalendar(calendarId: number, signal?: AbortSignal): Promise<Calendar> {
  return (await request<Calendar>({ url: `/api/calendar/${calendarId}`, signal })).data;
}

export async function getCalendarCategories(
  calendarId: number,
  signal?: AbortSignal,
): Promise<CalendarCategory[]> {
  return (await request<CalendarCategory[]>({ url: `/api/calendar/${calendarId}/category`, signal })).data;
}

export async function getCalendarEvents(
  calendarId: number,
  range: EventRange,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  return (
    await request<CalendarEvent[]>({
      url: `/api/calendar/${calendarId}/event`,
      params: {
        startDate: range.startDate,
        endDate: range.endDate,
        ...(range.filter
          ? {
              ...(range.filter.categories.length ? { category: range.filter.categories.join(',') } : {}),
              noCategory: range.filter.noCategory,
            }
          : {}),
      },
      signal,
    })
  ).data;
}

/** Field errors go back to the form: errors stay local. */
export async function createCalendarEvent(
  calendarId: number,
  input: CalendarEventInput,
): Promise<CalendarEvent> {
  return (
    await request<CalendarEvent>(
      { method: 'POST', url: `/api/calendar/${calendarId}/event`, data: input },
      { errors: 'local' },
    )
  ).data;
}

export async function createCalendarCategory(
  calendarId: number,
  input: CalendarCategoryInput,
): Promise<CalendarCategory> {
  return (
    await request<CalendarCategory>(
      { method: 'POST', url: `/api/calendar/${calendarId}/category`, data: input },
      { errors: 'local' },
    )
  ).data;
}

export async function deleteCalendarCategory(calendarId: number, categoryId: number): Promise<void> {
  await request<null>(
    { method: 'DELETE', url: `/api/calendar/${calendarId}/category/${categoryId}` },
    { errors: 'local' },
  );
}

export const calendarQueries = {
  all: (contractId: number) => ['contract', contractId, 'calendars'] as const,
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
