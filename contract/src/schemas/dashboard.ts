import { z } from 'zod';
import { isoDate } from './common.ts';

/** Widget: id, family, label, service, type, data (list of ids). */
export const widget = z.object({
  id: z.string(),
  family: z.string(),
  label: z.string(),
  service: z.string(),
  type: z.string(),
  data: z.array(z.string()),
  /** the width out of 6 on a wide screen (territorial-admin.md section 9); height 2 or 4 rows */
  width: z.number().int(),
  height: z.number().int(),
  /** the widths out of 6 on a medium screen (768 to 1199 px) and a phone; absent: the wide width, full width */
  mdWidth: z.number().int().min(1).max(6).optional(),
  xsWidth: z.number().int().min(1).max(6).optional(),
  role: z.string(),
});
export type Widget = z.infer<typeof widget>;

export const signalStats = z.object({
  total: z.number().int(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  lastMonth: z.array(z.object({ date: isoDate, count: z.number().int() })),
});
export const topCategories = z.array(
  z.object({ categoryId: z.number().int(), label: z.string(), count: z.number().int() }),
);
export const requestStats = z.object({
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
});
export const volumePoint = z.object({
  date: isoDate,
  produced: z.number(),
  stored: z.number(),
  treated: z.number(),
  discharged: z.number(),
});
export const waterCycle = z.object({ unit: z.string(), series: z.array(volumePoint) });
export const waterConformity = z.object({
  conformityRate: z.number(),
  samples: z.number().int(),
  nonConform: z.number().int(),
  stockLevel: z.number(),
  stockFosseMax: z.number(),
});

export const hydrometricSite = z.object({ code: z.string(), label: z.string(), river: z.string() });
export const hydrometricSeries = z.object({
  site: hydrometricSite,
  unit: z.string(),
  measures: z.array(z.object({ date: isoDate, value: z.number() })),
});

/** Intervention statuses: Enc (ongoing), Pla (planned), Rea (done). */
export const INTERVENTION_STATUSES = { ongoing: 'Enc', planned: 'Pla', done: 'Rea' } as const;
export const interventionStatus = z.enum(['Enc', 'Pla', 'Rea']);
export const intervention = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  label: z.string(),
  status: interventionStatus,
  address: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  startDate: isoDate,
  endDate: isoDate,
  outcome: z.object({ waterSupplyStopped: z.boolean(), streetClosed: z.boolean() }),
});
export type Intervention = z.infer<typeof intervention>;

export const documentItem = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.string(),
  createdAt: isoDate,
  url: z.string(),
});
export const documentNotification = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  message: z.string(),
  createdAt: isoDate,
  read: z.boolean(),
});
export const documentCount = z.object({ count: z.number().int() });

export const thingsBoardDashboard = z.object({ id: z.string(), title: z.string(), url: z.string() });
export const powerBiEmbed = z.object({
  reportId: z.string(),
  embedUrl: z.string(),
  accessToken: z.string(),
  expiresAt: isoDate,
  btnLabel: z.string(),
});

/** The skill menu of the portals panel. */
export const skillMenu = z.array(
  z.object({
    skill: z.object({ id: z.number().int(), code: z.string(), label: z.string() }),
    portals: z.array(z.object({ code: z.string(), label: z.string(), url: z.string() })),
    tools: z.array(z.object({ code: z.string(), label: z.string(), url: z.string() })),
    perimeter: z.string(),
  }),
);
