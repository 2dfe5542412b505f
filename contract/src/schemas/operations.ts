import { z } from 'zod';
import { geoJson, geometry, isoDate, label } from './common.ts';
import { instantOf } from '../dates.ts';
import { REQUEST_STATUSES, SIGNAL_STATUSES, WORK_STATUSES } from '../statuses.ts';

/* Signals: reported by staff, handled by operators. The spec does not show their content. */
export const signalStatus = z.enum(SIGNAL_STATUSES);
export const signalCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  color: z.string(),
});
export const signalHistoryEntry = z.object({
  date: isoDate,
  status: signalStatus,
  comment: z.string(),
  author: z.string(),
});
export const signal = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  category: signalCategory,
  description: z.string(),
  status: signalStatus,
  address: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  photos: z.array(z.object({ photoId: z.number().int(), fileName: z.string() })),
  createdAt: isoDate,
  author: z.string(),
  requestId: z.number().int().nullable(),
  history: z.array(signalHistoryEntry),
});
export type Signal = z.infer<typeof signal>;
export const signalInput = z.object({
  contractId: z.number().int().positive(),
  categoryId: z.number().int().positive(),
  description: z.string().trim().min(1, 'required').max(4000),
  address: z.string().trim().max(500).default(''),
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
});
/** The comment of a status change, kept in the history with the move (a rejection's reason: `rejectionHasReason`). */
export const statusChangeComment = z.string().max(2000).default('');
export const signalStatusChange = z.object({ status: signalStatus, comment: statusChangeComment });

/* Service requests. */
export const requestType = z.object({
  id: z.number().int(),
  label: z.string(),
  code: z.string(),
  description: z.string(),
});
export const requestStatus = z.enum(REQUEST_STATUSES);
export const requestHistoryEntry = z.object({
  date: isoDate,
  status: requestStatus,
  comment: z.string(),
  author: z.string(),
});
export const requestStatusChange = z.object({ status: requestStatus, comment: statusChangeComment });
export const serviceRequest = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  requestType,
  status: requestStatus,
  title: z.string(),
  description: z.string(),
  address: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  signalId: z.number().int().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  author: z.string(),
  /** the operators' status changes, oldest first */
  history: z.array(requestHistoryEntry),
});
export type ServiceRequest = z.infer<typeof serviceRequest>;
export const requestDraftInput = z.object({
  contractId: z.number().int().positive(),
  requestTypeId: z.number().int().positive(),
  title: z.string().max(255).default(''),
  description: z.string().max(4000).default(''),
  address: z.string().max(500).default(''),
  location: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable()
    .optional(),
  signalId: z.number().int().positive().nullable().optional(),
});
export const requestDraftUpdate = requestDraftInput.partial().omit({ contractId: true });

/* Public works. */
export const publicWorkStatus = z.enum(WORK_STATUSES);
export const publicWork = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  organizationId: z.number().int(),
  title: z.string(),
  description: z.string(),
  currentStatus: publicWorkStatus,
  startDate: isoDate,
  endDate: isoDate,
  zone: geometry.nullable(),
  address: z.string(),
});
export type PublicWork = z.infer<typeof publicWork>;
/** A public work's fields, without the rule between them (forms pick from it). */
export const publicWorkFields = z.object({
  contractId: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  title: label,
  description: z.string().max(4000).default(''),
  currentStatus: publicWorkStatus.default('PLANNED'),
  startDate: isoDate,
  endDate: isoDate,
  zone: geometry.nullable().optional(),
  address: z.string().trim().max(500).default(''),
});
/** A work ends on or after the day it starts (the days compared, whatever the times). */
export function workDatesInOrder(work: { startDate: string; endDate: string }): boolean {
  return work.startDate.slice(0, 10) <= work.endDate.slice(0, 10);
}
export const publicWorkInput = publicWorkFields.refine(workDatesInOrder, {
  path: ['endDate'],
  message: 'the end date is before the start date',
});
export const publicWorkStats = z.array(
  z.object({ currentStatus: publicWorkStatus, count: z.number().int() }),
);

/** Map-server settings: authkey, url, layer 'UUID-{organization id}', workspace 'UUID-{contract id}'. */
export const mapServerSettings = z.object({
  authkey: z.string(),
  url: z.string(),
  layer: z.string(),
  workspace: z.string(),
});

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

export { geoJson };
