/**
 * The new-work and edit-work form's schema: the contract's fields and rules (lengths, statuses,
 * an end on or after the start), with what only the form has: the organization as the select's
 * text, the dates as the date fields give them, and the zone typed as points inside the planner's
 * shape. Parsed with `formIssues` (lib/form-schema), its messages are keys of `works.error`.
 */
import { z } from 'zod';
import { publicWorkFields, workDatesInOrder } from '@portal/contract/works';
import { isRealIsoDate } from '@portal/contract/dates';
import { parseVertices, zoneInsideShape, type polygonsOf } from './zone';

type Polygons = ReturnType<typeof polygonsOf>;

/** A date field's value: empty or a day, checked against the calendar as the contract does. */
const dateField = z.string().min(1, 'required').refine(isRealIsoDate, 'invalid_date');

export function workFormSchema(polygons: Polygons) {
  return publicWorkFields
    .pick({ title: true, address: true, description: true, currentStatus: true })
    .extend({
      organizationId: z.coerce.number<string>().int().positive('required'),
      startDate: dateField,
      endDate: dateField,
      zoneText: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.startDate && v.endDate && !workDatesInOrder(v))
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_before_start' });
      const vertices = parseVertices(v.zoneText);
      if (vertices === null) ctx.addIssue({ code: 'custom', path: ['zoneText'], message: 'zone_format' });
      else if (vertices.length > 0 && vertices.length < 3)
        ctx.addIssue({ code: 'custom', path: ['zoneText'], message: 'zone_points' });
      else if (!zoneInsideShape(vertices, polygons))
        ctx.addIssue({ code: 'custom', path: ['zoneText'], message: 'zone_outside' });
    });
}
