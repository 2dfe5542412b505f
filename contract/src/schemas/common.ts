import { z } from 'zod';
import { ISO_DATE, isRealIsoDate } from '../dates.ts';
import { TEXT_LIMITS, TEXT_MAX_LENGTH } from '../constants.ts';

/** An ISO date (2026-11-22) or date-time (2026-11-22T10:30, seconds and zone optional), checked against the calendar. */
export const isoDate = z
  .string()
  .regex(ISO_DATE, 'expected an ISO date')
  .refine(isRealIsoDate, 'not a real date or time');

/** How deep a free-form JSON value may nest (objects and arrays). */
export const MAX_JSON_DEPTH = 16;

/** The nesting depth of a JSON value, without recursion (a hostile value may nest 10,000 levels), up to `limit + 1`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push([child, level]);
  }
  return deepest;
}

/** A free-form JSON object (feature properties, configuration parameters) of bounded depth. */
export function jsonObject(maxDepth = MAX_JSON_DEPTH) {
  return z.record(z.string(), z.unknown()).refine((value) => jsonDepth(value, maxDepth) <= maxDepth, {
    message: `nests deeper than ${maxDepth} levels`,
    abort: true,
  });
}

export const position = z.array(z.number()).min(2).max(3);
/** A GeoJSON geometry: only the kinds the portal draws or shows. */
export const geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
]);
export type Geometry = z.infer<typeof geometry>;
export const feature = z.object({
  type: z.literal('Feature'),
  geometry: geometry.nullable(),
  properties: jsonObject().nullable().default({}),
});
export const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(feature),
});
export type FeatureCollection = z.infer<typeof featureCollection>;
/** Where a GeoJSON value is accepted: a geometry, a feature or a collection. */
export const geoJson = z.discriminatedUnion('type', [geometry, feature, featureCollection]);
export type GeoJson = z.infer<typeof geoJson>;

export const label = z.string().trim().min(1, 'required').max(TEXT_MAX_LENGTH);
/** A free short text (not required). */
export const shortText = z.string().max(TEXT_MAX_LENGTH);
/** A count by owner id, as the count endpoints answer. */
export const countById = z.object({ id: z.number().int(), count: z.number().int().min(0) });
export const idRef = z.object({ id: z.number().int().positive() });
export const empty = z.object({}).describe('no body');
export const metadataMap = z.record(z.string(), z.string().nullable());
/** The comment of a status change, kept in the history with the move (a rejection's reason: `rejectionHasReason`). */
export const statusChangeComment = z.string().max(TEXT_LIMITS.statusComment).default('');
