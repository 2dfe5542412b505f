import { z } from 'zod';
import { isoDate, statusChangeComment } from './common.ts';
import { SIGNAL_STATUSES } from '../statuses.ts';

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
export const signalStatusChange = z.object({ status: signalStatus, comment: statusChangeComment });
