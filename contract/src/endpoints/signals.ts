import { z } from 'zod';
import { endpoint, paging } from '../endpoint.ts';
import { ROLES } from '../roles.ts';
import * as o from '../schemas/signals.ts';
import { IMAGE_TYPES, PHOTO_MAX_BYTES } from '../constants.ts';

const SIGNAL = [ROLES.SIGNAL_NOTIFY, ROLES.SIGNAL_OPERATOR, ROLES.ZEUS_SIGNAL] as const;
const REQUEST = [ROLES.REQUEST, ROLES.REQUEST_OPERATOR] as const;
const inContract = { kind: 'contract', param: 'contract', in: 'query' } as const;
const contractQuery = { contract: z.coerce.number().int().positive() };

export const signalEndpoints = [
  endpoint({
    id: 'listSignals',
    method: 'GET',
    path: '/api/signal',
    summary: 'Signals of a contract',
    tag: 'Signals',
    source: 'screens',
    roles: SIGNAL,
    scope: inContract,
    paginated: true,
    query: z.object({
      ...paging,
      ...contractQuery,
      q: z.string().max(255).optional(),
      status: o.signalStatus.optional(),
      category: z.coerce.number().int().positive().optional(),
    }),
    response: z.array(o.signal),
  }),
  endpoint({
    id: 'createSignal',
    method: 'POST',
    path: '/api/signal',
    summary: 'Report a signal',
    tag: 'Signals',
    source: 'screens',
    roles: [ROLES.SIGNAL_NOTIFY, ROLES.ZEUS_SIGNAL],
    scope: { kind: 'contract', param: 'contractId', in: 'body' },
    body: o.signalInput,
    response: o.signal,
    // the portal's offline queue sends a report again, with its key, when an answer was lost
    idempotent: true,
  }),
  endpoint({
    id: 'getSignal',
    method: 'GET',
    path: '/api/signal/:signalId',
    scope: { kind: 'signal', param: 'signalId' },
    summary: 'One signal with its history (request agents read it too: the signal-to-request screen)',
    tag: 'Signals',
    source: 'screens',
    // /demande/signal-vers-demande/:signalId is granted to the request roles and reads the signal
    roles: [...SIGNAL, ...REQUEST],
    response: o.signal,
  }),
  endpoint({
    id: 'changeSignalStatus',
    method: 'PUT',
    path: '/api/signal/:signalId/status',
    scope: { kind: 'signal', param: 'signalId' },
    summary: 'Change the status of a signal',
    tag: 'Signals',
    source: 'screens',
    roles: [ROLES.SIGNAL_OPERATOR, ROLES.ZEUS_SIGNAL],
    body: o.signalStatusChange,
    response: o.signal,
  }),
  endpoint({
    id: 'uploadSignalPhoto',
    method: 'POST',
    path: '/api/signal/:signalId/photo',
    scope: { kind: 'signal', param: 'signalId' },
    summary: 'Attach a photo to a signal (multipart field photo)',
    tag: 'Signals',
    source: 'screens',
    roles: SIGNAL,
    upload: { field: 'photo', types: IMAGE_TYPES, maxBytes: PHOTO_MAX_BYTES },
    response: z.object({ photoId: z.number().int(), fileName: z.string() }),
    idempotent: true,
  }),
  endpoint({
    id: 'signalPhotoBinary',
    method: 'GET',
    path: '/api/signal/photo/:photoId/binary',
    scope: { kind: 'signalPhoto', param: 'photoId' },
    summary: 'The image of a signal photo',
    tag: 'Signals',
    source: 'screens',
    roles: SIGNAL,
    binary: true,
    response: z.any(),
  }),
  endpoint({
    id: 'listSignalCategories',
    method: 'GET',
    path: '/api/signal-category',
    summary: 'Signal categories of a contract',
    tag: 'Signals',
    source: 'screens',
    roles: SIGNAL,
    scope: inContract,
    query: z.object(contractQuery),
    response: z.array(o.signalCategory),
  }),
] as const;
