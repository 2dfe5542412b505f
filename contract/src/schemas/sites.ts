import { z } from 'zod';
import { geoJson, isoDate, label } from './common.ts';

export const industrialSiteType = z.object({ code: z.string(), label: z.string() });
export const industrialSiteContact = z.object({
  contactId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type IndustrialSiteContact = z.infer<typeof industrialSiteContact>;
export const industrialSiteContactInput = z.object({
  firstName: label,
  lastName: label,
  role: z.string().trim().max(255).default(''),
  email: z
    .string()
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'expected an e-mail address')
    .nullable()
    .optional(),
  phone: z.string().max(40).nullable().optional(),
});
export const industrialSitePhoto = z.object({
  photoId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export const industrialSiteMetadata = z.object({
  metadataId: z.number().int(),
  key: z.string(),
  value: z.string(),
});
export const industrialSiteMetadataInput = z.object({ key: label, value: z.string().max(2000) });

/** Industrial site as read: geoZoneArea.geojson is renamed geoJson on read. */
export const industrialSite = z.object({
  id: z.number().int(),
  name: z.string(),
  contractId: z.number().int(),
  industrialSiteType,
  geoZoneArea: z.object({ geoJson: geoJson.nullable() }),
  organizations: z.array(z.object({ id: z.number().int(), label: z.string() })),
  contacts: z.array(industrialSiteContact),
  photos: z.array(industrialSitePhoto),
  metadata: z.array(industrialSiteMetadata),
  metadatas: z.object({ organizationsCount: z.number().int() }),
  endDateContract: z.string().nullable(),
});
export type IndustrialSite = z.infer<typeof industrialSite>;
/** Industrial site as written: geoZoneArea.geojson. */
export const industrialSiteInput = z.object({
  name: label,
  industrialSiteTypeCode: z.string().min(1, 'required'),
  geoZoneArea: z.object({ geojson: geoJson.nullable() }).optional(),
  organizationIds: z.array(z.number().int().positive()).max(9999).default([]),
});

export const aggregateType = z.enum(['HOUR', 'DAY', 'WEEK', 'MONTH']);
export const indicatorValue = z.object({
  typeCode: z.string(),
  date: isoDate,
  value: z.number(),
  unit: z.string(),
});
export const indicatorSource = z.object({
  id: z.number().int(),
  typeCode: z.string(),
  label: z.string(),
  unit: z.string(),
});

// a constant (no schema): the site form lists them without loading zod
export { INDUSTRIAL_SITE_TYPES } from '../constants.ts';
