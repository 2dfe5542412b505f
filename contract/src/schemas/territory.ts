import { z } from 'zod';
import { geoJson, isoDate, label, shortText } from './common.ts';

/** A skill set: the spec's "category". */
export const category = z.object({
  id: z.number().int(),
  label: z.string(),
  code: z.string(),
  parentId: z.number().int().nullable(),
});
export type Category = z.infer<typeof category>;

/** A skill: one button of the portals panel, grouping skill sets. */
export const skill = z.object({ id: z.number().int(), code: z.string(), label: z.string() });

/** Administrative division (municipality). */
export const administrativeDivision = z.object({
  id: z.number().int(),
  label: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});
export type AdministrativeDivision = z.infer<typeof administrativeDivision>;

export const area = z.object({
  id: z.number().int(),
  label: z.string(),
  name: z.string(),
  postalCode: z.string().nullable(),
  contractId: z.number().int(),
  categories: z.array(z.object({ id: z.number().int(), label: z.string() })),
  organizations: z.array(z.object({ id: z.number().int(), label: z.string(), type: z.string() })),
  divisions: z.array(z.object({ id: z.number().int(), label: z.string(), postalCode: z.string() })),
  geoJson: geoJson.nullable(),
});
export type Area = z.infer<typeof area>;
export const areaCreate = z.object({
  label: label.optional(),
  divisionIds: z.array(z.number().int().positive()).min(1, 'choose at least one municipality').max(500),
});

/** Rename payload: the label alone (the municipalities of an area are chosen at its creation). */
export const areaUpdate = z.object({ label });

export const organizationType = z.enum(['Community', 'ExternalEntity', 'Operator']);
export type OrganizationType = z.infer<typeof organizationType>;

export const legalEntity = z.object({
  id: z.number().int(),
  label: z.string(),
  countryCode: z.enum(['FR', 'TN']),
});
export type LegalEntity = z.infer<typeof legalEntity>;

export const organization = z.object({
  id: z.number().int(),
  label: z.string(),
  contractId: z.number().int(),
  type: organizationType,
  organizationMaster: z.boolean(),
  area: z.array(z.object({ id: z.number().int(), label: z.string() })),
  category: z.array(z.object({ id: z.number().int(), label: z.string() })),
  organizationMetadatas: z
    .object({ operatorContractEnd: isoDate.nullable().optional() })
    .catchall(z.string().nullable()),
  organizationContractService: z.array(z.number().int()),
  legalEntity: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  operatorContractId: z.string().nullable(),
  newOrganizationLabel: z.string().nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
});
export type Organization = z.infer<typeof organization>;

/** Create-organization payload of portal.md section 3, with the form rules of territorial-admin.md section 4. */
export const organizationCreate = z
  .object({
    label,
    type: organizationType,
    category: z.array(z.number().int().positive()).default([]),
    area: z.array(z.number().int().positive()).default([]),
    organizationContractService: z.array(z.number().int().positive()).default([]),
    legalEntity: z
      .union([z.number().int().positive(), z.string().trim().min(1).max(255)])
      .nullable()
      .optional(),
    operatorContractId: shortText.nullable().optional(),
    newOrganizationLabel: shortText.nullable().optional(),
    startDate: isoDate.nullable().optional(),
    endDate: isoDate.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'Operator') return;
    if (!value.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'required' });
    if (!value.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'required' });
    if (value.startDate && value.endDate && value.startDate.slice(0, 10) > value.endDate.slice(0, 10)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'start date is after end date' });
    }
  });
export type OrganizationCreate = z.input<typeof organizationCreate>;
/** Edit payload of `PUT /api/organization/{id}`: the add wizard's first-step fields, each optional (absent = unchanged). */
export const organizationUpdate = z.object({
  label: label.optional(),
  type: organizationType.optional(),
  category: z.array(z.number().int().positive()).optional(),
  legalEntity: z
    .union([z.number().int().positive(), z.string().trim().min(1).max(255)])
    .nullable()
    .optional(),
  newOrganizationLabel: shortText.nullable().optional(),
  /** The country of a legal entity created by name (the contract's country when absent). */
  countryCode: z.enum(['FR', 'TN']).optional(),
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
  operatorContractId: shortText.nullable().optional(),
});
export type OrganizationUpdate = z.input<typeof organizationUpdate>;

export const areaIds = z.object({ areaIds: z.array(z.number().int().positive()).max(9999) });
export const contractServiceIds = z.object({
  contractServiceIds: z.array(z.number().int().positive()).max(9999),
});
