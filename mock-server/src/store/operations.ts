/** Signals, requests, public works, calendars. */
import { polygonsOf, zoneOutside } from '@portal/contract/geometry';
import { rejectionHasReason, REQUEST_TRANSITIONS } from '@portal/contract/statuses';
import type { CalendarEventInput } from '@portal/contract';
import type {
  CalendarRecord,
  PublicWorkRecord,
  PublicWorkStatus,
  RequestRecord,
  SignalRecord,
  SignalStatus,
  UserRecord,
  RequestStatus,
} from '@portal/fixtures';
import { matches, reachesContract } from './access.ts';
import { getRow, insertRow, removeRow, rows, touch, type Db } from './db.ts';
import { ApiFailure, badRequest, conflict, forbidden, invalidField, notFound } from './errors.ts';
import { MAX_PHOTOS_PER_OWNER, safeName } from './sites.ts';
import { requireContractRow } from './contracts.ts';
import { userGeoshape } from './users.ts';

const nowIso = () => new Date().toISOString();

/* Signals */

export function listSignals(
  db: Db,
  contractId: number,
  filter: { q?: string | undefined; status?: SignalStatus | undefined; category?: number | undefined },
) {
  return rows(db, 'signals')
    .filter(
      (s) =>
        s.contractId === contractId &&
        (!filter.status || s.status === filter.status) &&
        (!filter.category || s.categoryId === filter.category) &&
        matches([s.description, s.address, s.author], filter.q),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export function requireSignal(db: Db, id: number): SignalRecord {
  const signal = getRow(db, 'signals', id);
  if (!signal) throw notFound('Signal', id);
  return signal;
}

export function createSignal(
  db: Db,
  user: UserRecord,
  input: {
    contractId: number;
    categoryId: number;
    description: string;
    address: string;
    location: { lat: number; lng: number };
  },
): SignalRecord {
  requireContractRow(db, input.contractId);
  const category = getRow(db, 'signalCategories', input.categoryId);
  if (!category || category.contractId !== input.contractId)
    throw invalidField(
      'categoryId',
      `category ${input.categoryId} is not a category of contract ${input.contractId}`,
    );
  const createdAt = nowIso();
  return insertRow(db, 'signals', {
    contractId: input.contractId,
    categoryId: category.id,
    description: input.description,
    status: 'NEW',
    address: input.address,
    lat: input.location.lat,
    lng: input.location.lng,
    createdAt,
    author: user.email,
    requestId: null,
    history: [{ date: createdAt, status: 'NEW', comment: 'Signalement créé', author: user.email }],
  });
}

export function changeSignalStatus(
  db: Db,
  user: UserRecord,
  id: number,
  input: { status: SignalStatus; comment: string },
): SignalRecord {
  const signal = requireSignal(db, id);
  // a rejection tells the reporter why (contract rejectionHasReason), as for a request
  if (!rejectionHasReason(input))
    throw badRequest(`Signal ${id} cannot be rejected without a reason: give it in comment`, [
      { path: 'comment', message: 'a reason is required to reject a signal' },
    ]);
  signal.status = input.status;
  signal.history.push({ date: nowIso(), status: input.status, comment: input.comment, author: user.email });
  touch(db);
  return signal;
}

export function addSignalPhoto(
  db: Db,
  signalId: number,
  file: { originalname: string; mimetype: string; size: number; buffer: Buffer },
) {
  requireSignal(db, signalId);
  if (rows(db, 'signalPhotos').filter((p) => p.ownerId === signalId).length >= MAX_PHOTOS_PER_OWNER) {
    throw new ApiFailure(409, `A signal keeps at most ${MAX_PHOTOS_PER_OWNER} photos`);
  }
  return insertRow(db, 'signalPhotos', {
    ownerId: signalId,
    fileName: safeName(file.originalname),
    contentType: file.mimetype,
    size: file.size,
    data: file.buffer.toString('base64'),
  });
}

export function signalCategories(db: Db, contractId: number) {
  return rows(db, 'signalCategories').filter((c) => c.contractId === contractId);
}

/* Requests */

export function requestTypes(db: Db, contractId: number) {
  return rows(db, 'requestTypes').filter((t) => t.contractId === contractId);
}

export function listRequests(
  db: Db,
  contractId: number,
  filter: { q?: string | undefined; status?: RequestStatus | undefined },
) {
  return rows(db, 'requests')
    .filter(
      (r) =>
        r.contractId === contractId &&
        (!filter.status || r.status === filter.status) &&
        matches([r.title, r.description, r.address], filter.q),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export function requireRequest(db: Db, id: number): RequestRecord {
  const request = getRow(db, 'requests', id);
  if (!request) throw notFound('Request', id);
  return request;
}

type DraftInput = {
  requestTypeId?: number | undefined;
  title?: string | undefined;
  description?: string | undefined;
  address?: string | undefined;
  location?: { lat: number; lng: number } | null | undefined;
  signalId?: number | null | undefined;
};

function checkDraft(db: Db, contractId: number, input: DraftInput): void {
  if (
    input.requestTypeId !== undefined &&
    getRow(db, 'requestTypes', input.requestTypeId)?.contractId !== contractId
  ) {
    throw invalidField(
      'requestTypeId',
      `request type ${input.requestTypeId} is not a type of contract ${contractId}`,
    );
  }
  if (input.signalId != null && getRow(db, 'signals', input.signalId)?.contractId !== contractId) {
    throw invalidField('signalId', `signal ${input.signalId} is not a signal of contract ${contractId}`);
  }
}

export function createDraft(
  db: Db,
  user: UserRecord,
  input: DraftInput & { contractId: number; requestTypeId: number },
): RequestRecord {
  requireContractRow(db, input.contractId);
  checkDraft(db, input.contractId, input);
  const now = nowIso();
  const request = insertRow(db, 'requests', {
    contractId: input.contractId,
    requestTypeId: input.requestTypeId,
    status: 'DRAFT',
    title: input.title ?? '',
    description: input.description ?? '',
    address: input.address ?? '',
    location: input.location ?? null,
    signalId: input.signalId ?? null,
    createdAt: now,
    updatedAt: now,
    author: user.email,
  });
  if (request.signalId !== null) {
    const signal = getRow(db, 'signals', request.signalId);
    if (signal && signal.requestId === null) {
      signal.requestId = request.id;
      touch(db);
    }
  }
  return request;
}

export function updateDraft(db: Db, id: number, input: DraftInput): RequestRecord {
  const request = requireRequest(db, id);
  if (request.status !== 'DRAFT')
    throw conflict(`Request ${id} is ${request.status}: only drafts can be changed`);
  checkDraft(db, request.contractId, input);
  if (input.requestTypeId !== undefined) request.requestTypeId = input.requestTypeId;
  if (input.title !== undefined) request.title = input.title;
  if (input.description !== undefined) request.description = input.description;
  if (input.address !== undefined) request.address = input.address;
  if (input.location !== undefined) request.location = input.location;
  if (input.signalId !== undefined) request.signalId = input.signalId;
  request.updatedAt = nowIso();
  touch(db);
  return request;
}

export function submitRequest(db: Db, id: number): RequestRecord {
  const request = requireRequest(db, id);
  if (request.status !== 'DRAFT') throw conflict(`Request ${id} is already ${request.status}`);
  const errors = [];
  if (!request.title.trim()) errors.push({ path: 'title', message: 'required' });
  if (!request.description.trim()) errors.push({ path: 'description', message: 'required' });
  if (errors.length) throw badRequest('The draft is incomplete: fill the title and the description', errors);
  request.status = 'SUBMITTED';
  request.updatedAt = nowIso();
  touch(db);
  return request;
}

/**
 * A request operator's move (contract REQUEST_TRANSITIONS), kept in the history with its comment;
 * any other move, or a rejection without a reason (its comment), is a 400 naming it, and changes
 * nothing.
 */
export function changeRequestStatus(
  db: Db,
  user: UserRecord,
  id: number,
  input: { status: RequestStatus; comment: string },
): RequestRecord {
  const request = requireRequest(db, id);
  if (!REQUEST_TRANSITIONS[request.status].includes(input.status)) {
    const allowed = REQUEST_TRANSITIONS[request.status];
    throw badRequest(
      `Request ${id} cannot go from ${request.status} to ${input.status}` +
        (allowed.length ? ` (allowed: ${allowed.join(', ')})` : ` (${request.status} is final)`),
      [{ path: 'status', message: `invalid transition ${request.status} -> ${input.status}` }],
    );
  }
  // a rejection is final: the requester is told why, so its reason is required (rejectionHasReason)
  if (!rejectionHasReason(input))
    throw badRequest(`Request ${id} cannot be rejected without a reason: give it in comment`, [
      { path: 'comment', message: 'a reason is required to reject a request' },
    ]);
  const now = nowIso();
  request.status = input.status;
  request.updatedAt = now;
  request.history = [
    ...(request.history ?? []),
    { date: now, status: input.status, comment: input.comment, author: user.email },
  ];
  touch(db);
  return request;
}

/* Public works */

export function listWorks(
  db: Db,
  contractId: number,
  filter: { q?: string | undefined; status?: PublicWorkStatus | undefined },
) {
  return rows(db, 'publicWorks').filter(
    (w) =>
      w.contractId === contractId &&
      (!filter.status || w.currentStatus === filter.status) &&
      matches([w.title, w.description, w.address], filter.q),
  );
}

export function requireWork(db: Db, id: number): PublicWorkRecord {
  const work = getRow(db, 'publicWorks', id);
  if (!work) throw notFound('Public work', id);
  return work;
}

type WorkInput = Omit<PublicWorkRecord, 'id' | 'zone'> & { zone?: PublicWorkRecord['zone'] | undefined };

function checkWork(db: Db, input: WorkInput): void {
  requireContractRow(db, input.contractId);
  if (getRow(db, 'organizations', input.organizationId)?.contractId !== input.contractId) {
    throw invalidField(
      'organizationId',
      `organization ${input.organizationId} is not in contract ${input.contractId}`,
    );
  }
}

/** A work zone must lie inside the planner's merged shape for the public space planner service. */
function checkZone(db: Db, user: UserRecord, input: WorkInput): void {
  if (!input.zone) return;
  const shape = userGeoshape(db, user, {
    serviceCode: 'PUBLIC_SPACE_PLANNER',
    merged: true,
    contractId: input.contractId,
  });
  const outside = zoneOutside(input.zone as { type: string; coordinates: unknown }, polygonsOf(shape));
  const reasons = [
    outside.vertices.length ? `${outside.vertices.length} point(s) outside it` : '',
    outside.edges ? `${outside.edges} edge(s) crossing its boundary` : '',
    outside.holes ? `${outside.holes} hole(s) of it inside the zone` : '',
  ].filter(Boolean);
  if (reasons.length > 0)
    throw invalidField('zone', `the work zone leaves your geographic area (${reasons.join(', ')})`);
}

export function createWork(db: Db, input: WorkInput, user?: UserRecord): PublicWorkRecord {
  checkWork(db, input);
  if (user) checkZone(db, user, input);
  return insertRow(db, 'publicWorks', { ...input, zone: input.zone ?? null });
}

export function updateWork(db: Db, user: UserRecord, id: number, input: WorkInput): PublicWorkRecord {
  const work = requireWork(db, id);
  if (input.contractId !== work.contractId) {
    if (!reachesContract(user, input.contractId))
      throw forbidden(`You do not belong to contract ${input.contractId}`);
    throw invalidField('contractId', 'a public work cannot move to another contract');
  }
  checkWork(db, input);
  if (input.zone !== undefined && JSON.stringify(input.zone) !== JSON.stringify(work.zone))
    checkZone(db, user, input);
  Object.assign(work, { ...input, zone: input.zone === undefined ? work.zone : input.zone });
  touch(db);
  return work;
}

export function workStats(db: Db, contractId: number, statuses?: PublicWorkStatus[]) {
  const all: PublicWorkStatus[] = ['PLANNED', 'IN_PROGRESS', 'SUSPENDED', 'DONE', 'CANCELLED'];
  const wanted = statuses?.length ? all.filter((s) => statuses.includes(s)) : all;
  const works = rows(db, 'publicWorks').filter((w) => w.contractId === contractId);
  return wanted.map((status) => ({
    currentStatus: status,
    count: works.filter((w) => w.currentStatus === status).length,
  }));
}

/* Calendars */

export function calendarsOf(db: Db, contractId: number): CalendarRecord[] {
  return rows(db, 'calendars').filter((c) => c.contractId === contractId);
}

/** The calendar of an object (the authorization checked the object's contract and the roles there). */
export function objectCalendar(
  db: Db,
  objectType: CalendarRecord['objectType'],
  objectId: number,
): CalendarRecord {
  const calendar = rows(db, 'calendars').find((c) => c.objectType === objectType && c.objectId === objectId);
  if (!calendar) throw notFound(`Calendar of ${objectType} ${objectId}`);
  return calendar;
}

export function calendarEvents(
  db: Db,
  calendarId: number,
  query: {
    startDate: string;
    endDate: string;
    category?: number[] | undefined;
    noCategory?: boolean | undefined;
  },
) {
  if (query.endDate < query.startDate)
    throw badRequest('endDate is before startDate', [{ path: 'endDate', message: 'before startDate' }]);
  const end = query.endDate.length === 10 ? `${query.endDate}T23:59:59.999Z` : query.endDate;
  const filtered = query.category !== undefined || query.noCategory !== undefined;
  const kept = (categoryId: number | null) =>
    !filtered ||
    (categoryId === null ? query.noCategory === true : (query.category ?? []).includes(categoryId));
  return rows(db, 'calendarEvents')
    .filter(
      (e) =>
        e.calendarId === calendarId &&
        e.endDate >= query.startDate &&
        e.startDate <= end &&
        kept(e.categoryId),
    )
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

type EventInput = Required<Pick<CalendarEventInput, 'title' | 'startDate' | 'endDate'>> &
  Pick<CalendarEventInput, 'categoryId'> & { description: string };

function checkEventCategory(db: Db, calendarId: number, categoryId: number | null | undefined) {
  if (categoryId != null && getRow(db, 'calendarCategories', categoryId)?.calendarId !== calendarId) {
    throw invalidField('categoryId', `category ${categoryId} is not a category of calendar ${calendarId}`);
  }
}

export function createEvent(db: Db, calendarId: number, input: EventInput) {
  checkEventCategory(db, calendarId, input.categoryId);
  return insertRow(db, 'calendarEvents', {
    calendarId,
    title: input.title,
    categoryId: input.categoryId ?? null,
    startDate: input.startDate,
    endDate: input.endDate,
    description: input.description,
  });
}

/** An event of that calendar (an event of another calendar is not found there). */
export function requireEvent(db: Db, calendarId: number, eventId: number) {
  const event = getRow(db, 'calendarEvents', eventId);
  if (!event || event.calendarId !== calendarId) throw notFound(`Event ${eventId} of calendar ${calendarId}`);
  return event;
}

export function updateEvent(db: Db, calendarId: number, eventId: number, input: EventInput) {
  const event = requireEvent(db, calendarId, eventId);
  checkEventCategory(db, calendarId, input.categoryId);
  event.title = input.title;
  event.categoryId = input.categoryId ?? null;
  event.startDate = input.startDate;
  event.endDate = input.endDate;
  event.description = input.description;
  touch(db);
  return event;
}

export function deleteEvent(db: Db, calendarId: number, eventId: number) {
  requireEvent(db, calendarId, eventId);
  removeRow(db, 'calendarEvents', eventId);
}

export function calendarCategories(db: Db, calendarId: number) {
  return rows(db, 'calendarCategories').filter((c) => c.calendarId === calendarId);
}

export function createCategory(db: Db, calendarId: number, input: { label: string; color: string }) {
  if (calendarCategories(db, calendarId).some((c) => c.label.toLowerCase() === input.label.toLowerCase())) {
    throw conflict(`Calendar ${calendarId} already has a category "${input.label}"`);
  }
  return insertRow(db, 'calendarCategories', { calendarId, label: input.label, color: input.color });
}

export function deleteCategory(db: Db, calendarId: number, categoryId: number): void {
  const category = getRow(db, 'calendarCategories', categoryId);
  if (!category || category.calendarId !== calendarId)
    throw notFound(`Category ${categoryId} of calendar ${calendarId}`);
  for (const event of rows(db, 'calendarEvents'))
    if (event.categoryId === categoryId) event.categoryId = null;
  removeRow(db, 'calendarCategories', categoryId);
}
