import { z } from 'zod';
import { geometry, isoDate, label } from './common.ts';
import { WORK_STATUSES } from '../statuses.ts';

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
