import { z } from 'zod';
import { isoDate, label, statusChangeComment } from './common.ts';
import { REQUEST_STATUSES } from '../statuses.ts';
import { TEXT_LIMITS } from '../constants.ts';

/* Service requests. */
export const requestType = z.object({
  id: z.number().int(),
  label: z.string(),
  code: z.string(),
  description: z.string(),
});
/** A request type a contract administrator adds (its code is made from its label). */
export const requestTypeInput = z.object({
  contractId: z.number().int().positive(),
  label,
  description: z.string().trim().max(4000).default(''),
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
  title: z.string().max(TEXT_LIMITS.requestTitle).default(''),
  description: z.string().max(TEXT_LIMITS.requestDescription).default(''),
  address: z.string().max(TEXT_LIMITS.requestAddress).default(''),
  location: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable()
    .optional(),
  signalId: z.number().int().positive().nullable().optional(),
});
export const requestDraftUpdate = requestDraftInput.partial().omit({ contractId: true });
