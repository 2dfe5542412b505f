import { z } from 'zod';

/** An ISO date (2026-11-22) or date-time. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'expected an ISO date');

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
  properties: z.record(z.string(), z.unknown()).nullable().default({}),
});
export const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(feature),
});
export type FeatureCollection = z.infer<typeof featureCollection>;
/** Where a GeoJSON value is accepted: a geometry, a feature or a collection. */
export const geoJson = z.union([geometry, feature, featureCollection]);
export type GeoJson = z.infer<typeof geoJson>;

export const label = z.string().trim().min(1, 'required').max(255);
/** A count by owner id, as the count endpoints answer. */
export const countById = z.object({ id: z.number().int(), count: z.number().int().min(0) });
export const idRef = z.object({ id: z.number().int().positive() });
export const empty = z.object({}).describe('no body');
export const metadataMap = z.record(z.string(), z.string().nullable());
