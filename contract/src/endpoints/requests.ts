import { z } from 'zod';
import { endpoint, paging } from '../endpoint.ts';
import { ROLES } from '../roles.ts';
import * as o from '../schemas/requests.ts';

const REQUEST = [ROLES.REQUEST, ROLES.REQUEST_OPERATOR] as const;
const inContract = { kind: 'contract', param: 'contract', in: 'query' } as const;
const contractQuery = { contract: z.coerce.number().int().positive() };

export const requestEndpoints = [
  endpoint({
    id: 'listRequestTypes',
    method: 'GET',
    path: '/api/request-type',
    summary: 'Request types of a contract',
    tag: 'Requests',
    source: 'declared',
    scope: inContract,
    query: z.object(contractQuery),
    response: z.array(o.requestType),
  }),
  endpoint({
    id: 'listRequests',
    method: 'GET',
    path: '/api/request',
    summary: 'Service requests of a contract',
    tag: 'Requests',
    source: 'screens',
    roles: REQUEST,
    scope: inContract,
    paginated: true,
    query: z.object({
      ...paging,
      ...contractQuery,
      q: z.string().max(255).optional(),
      status: o.requestStatus.optional(),
    }),
    response: z.array(o.serviceRequest),
  }),
  endpoint({
    id: 'createRequestDraft',
    method: 'POST',
    path: '/api/request',
    summary: 'Start a draft request',
    tag: 'Requests',
    source: 'screens',
    roles: REQUEST,
    scope: { kind: 'contract', param: 'contractId', in: 'body' },
    body: o.requestDraftInput,
    response: o.serviceRequest,
  }),
  endpoint({
    id: 'getRequest',
    method: 'GET',
    path: '/api/request/:requestId',
    scope: { kind: 'request', param: 'requestId' },
    summary: 'One request',
    tag: 'Requests',
    source: 'screens',
    roles: REQUEST,
    response: o.serviceRequest,
  }),
  endpoint({
    id: 'updateRequestDraft',
    method: 'PUT',
    path: '/api/request/:requestId',
    scope: { kind: 'request', param: 'requestId' },
    summary: 'Save a draft request',
    tag: 'Requests',
    source: 'screens',
    roles: REQUEST,
    body: o.requestDraftUpdate,
    response: o.serviceRequest,
  }),
  endpoint({
    id: 'submitRequest',
    method: 'POST',
    path: '/api/request/:requestId/submit',
    scope: { kind: 'request', param: 'requestId' },
    summary: 'Submit a draft request',
    tag: 'Requests',
    source: 'screens',
    roles: REQUEST,
    status: 200,
    response: o.serviceRequest,
  }),

  endpoint({
    id: 'changeRequestStatus',
    method: 'PUT',
    path: '/api/request/:requestId/status',
    scope: { kind: 'request', param: 'requestId' },
    summary:
      'Process a request (request operators): a move allowed by REQUEST_TRANSITIONS, with a comment kept in its history; a rejection needs its reason in comment; any other move, or a rejection without a reason, is a 400 naming it',
    tag: 'Requests',
    source: 'screens',
    roles: [ROLES.REQUEST_OPERATOR],
    body: o.requestStatusChange,
    response: o.serviceRequest,
  }),
] as const;
