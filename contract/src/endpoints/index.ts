import type { z } from 'zod';
import type { EndpointDef } from '../endpoint.ts';
import { configurationEndpoints } from './configuration.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { sessionEndpoints } from './session.ts';
import { siteEndpoints } from './sites.ts';
import { signalEndpoints } from './signals.ts';
import { requestEndpoints } from './requests.ts';
import { workEndpoints } from './works.ts';
import { calendarEndpoints } from './calendars.ts';
import { territoryEndpoints } from './territory.ts';

/** The one endpoint table. */
export const endpoints = [
  ...sessionEndpoints,
  ...territoryEndpoints,
  ...configurationEndpoints,
  ...siteEndpoints,
  ...signalEndpoints,
  ...requestEndpoints,
  ...workEndpoints,
  ...calendarEndpoints,
  ...dashboardEndpoints,
] as const;

type Table = typeof endpoints;
export type EndpointId = Table[number]['id'];
export type EndpointById<I extends EndpointId> = Extract<Table[number], { id: I }>;
/** The query of an endpoint as its schema takes it in. */
export type EndpointQuery<I extends EndpointId> = z.input<EndpointById<I>['query']>;
/** The body of an endpoint as its schema takes it in (never for a call without one). */
export type EndpointBody<I extends EndpointId> = z.input<NonNullable<EndpointById<I>['body']>>;
/** The answer of an endpoint (parsed JSON) as its response schema gives it. */
export type EndpointResponse<I extends EndpointId> = z.output<EndpointById<I>['response']>;

const byId = new Map<string, EndpointDef>(endpoints.map((e) => [e.id, e as unknown as EndpointDef]));
export function getEndpoint<I extends EndpointId>(id: I): EndpointById<I> {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown endpoint ${id}`);
  return found as unknown as EndpointById<I>;
}
export const endpointList: readonly EndpointDef[] = endpoints as unknown as readonly EndpointDef[];
