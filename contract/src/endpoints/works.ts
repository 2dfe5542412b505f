import { z } from 'zod';
import { endpoint, paging, queryBoolean, queryList } from '../endpoint.ts';
import { ROLES } from '../roles.ts';
import * as o from '../schemas/works.ts';

const WORKS = [ROLES.PUBLIC_SPACE_PLANNER] as const;
const inContract = { kind: 'contract', param: 'contract', in: 'query' } as const;
const contractQuery = { contract: z.coerce.number().int().positive() };

export const workEndpoints = [
  endpoint({
    id: 'listPublicWorks',
    method: 'GET',
    path: '/api/public-work',
    summary: 'Public works of a contract',
    tag: 'Public works',
    source: 'screens',
    roles: WORKS,
    scope: inContract,
    paginated: true,
    query: z.object({
      ...paging,
      ...contractQuery,
      q: z.string().max(255).optional(),
      status: o.publicWorkStatus.optional(),
    }),
    response: z.array(o.publicWork),
  }),
  endpoint({
    id: 'createPublicWork',
    method: 'POST',
    path: '/api/public-work',
    summary: 'Plan a public work',
    tag: 'Public works',
    source: 'screens',
    roles: WORKS,
    scope: { kind: 'contract', param: 'contractId', in: 'body' },
    body: o.publicWorkInput,
    response: o.publicWork,
  }),
  endpoint({
    id: 'getPublicWork',
    method: 'GET',
    path: '/api/public-work/:workId',
    scope: { kind: 'publicWork', param: 'workId' },
    summary: 'One public work',
    tag: 'Public works',
    source: 'screens',
    roles: WORKS,
    response: o.publicWork,
  }),
  endpoint({
    id: 'updatePublicWork',
    method: 'PUT',
    path: '/api/public-work/:workId',
    scope: { kind: 'publicWork', param: 'workId' },
    summary: 'Update a public work',
    tag: 'Public works',
    source: 'screens',
    roles: WORKS,
    body: o.publicWorkInput,
    response: o.publicWork,
  }),
  endpoint({
    id: 'publicWorkStats',
    method: 'GET',
    path: '/api/public-work/report/stats',
    scope: { kind: 'contract', param: 'contract', in: 'query' },
    summary: 'Public works counted by current status',
    tag: 'Public works',
    source: 'portal',
    roles: WORKS,
    query: z.object({
      contract: z.coerce.number().int().positive(),
      aggregateBy: z.enum(['currentStatus']).default('currentStatus'),
      statuses: queryList(o.publicWorkStatus),
      withPagination: queryBoolean.optional(),
    }),
    response: o.publicWorkStats,
  }),
  endpoint({
    id: 'mapServerSettings',
    method: 'GET',
    path: '/api/contract/:contractId/map-server',
    summary: 'Map-server settings for an organization layer',
    tag: 'Public works',
    source: 'portal',
    roles: WORKS,
    scope: { kind: 'contract', param: 'contractId', in: 'path' },
    query: z.object({ organizationId: z.coerce.number().int().positive() }),
    response: o.mapServerSettings,
  }),
] as const;
