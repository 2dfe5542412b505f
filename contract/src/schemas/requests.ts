import { z } from 'zod';
import { isoDate, statusChangeComment } from './common.ts';
import { REQUEST_STATUSES } from '../statuses.ts';

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
