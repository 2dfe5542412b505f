/**
 * The contract's types, for type-only imports. Values come from the entry of their resource
 * (`@portal/contract/signals`, `…/territory`, …) or from a schema-free entry (`…/routes`,
 * `…/roles`, `…/permissions`, `…/constants`, `…/endpoint-routes`), so that an importer loads only
 * the resource it reads.
 */
export type * from './endpoint.ts';
export type * from './roles.ts';
export type * from './permissions.ts';
export type * from './routes.ts';
export type * from './constants.ts';
export type * from './dates.ts';
export type * from './statuses.ts';
export type * from './geometry.ts';
export type * from './endpoints/index.ts';
export type * from './schemas/common.ts';
export type * from './resources/session.ts';
export type * from './resources/territory.ts';
export type * from './resources/configuration.ts';
export type * from './resources/sites.ts';
export type * from './resources/signals.ts';
export type * from './resources/requests.ts';
export type * from './resources/works.ts';
export type * from './resources/calendars.ts';
export type * from './resources/dashboard.ts';
