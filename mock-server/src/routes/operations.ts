/** Signals, requests, public works, calendars. */
import { getRow } from '../store/db.ts';
import { notFound } from '../store/errors.ts';
import * as o from '../store/operations.ts';
import {
  calendarCategoryView as categoryView,
  calendarEventView as eventView,
  calendarView,
  publicWorkView as workView,
  requestTypeView,
  requestView,
  signalCategoryView,
  signalPhotoView,
  signalView,
} from '../wire/views.ts';
import { binary, page, type Handlers } from '../middleware/handler-types.ts';

export const operationHandlers = {
  listSignals: ({ db, query }) =>
    page(
      o.listSignals(db, query.contract, { q: query.q, status: query.status, category: query.category }),
      (s) => signalView(db, s),
    ),
  createSignal: ({ db, user, body }) => signalView(db, o.createSignal(db, user, body)),
  getSignal: ({ db, params }) => signalView(db, o.requireSignal(db, params.signalId)),
  changeSignalStatus: ({ db, user, params, body }) =>
    signalView(db, o.changeSignalStatus(db, user, params.signalId, body)),
  uploadSignalPhoto: ({ db, params, file }) => {
    if (!file) throw notFound('File');
    return signalPhotoView(o.addSignalPhoto(db, params.signalId, file));
  },
  signalPhotoBinary: ({ db, params }) => {
    const photo = getRow(db, 'signalPhotos', params.photoId);
    if (!photo) throw notFound('Photo', params.photoId);
    return binary(photo.contentType, Buffer.from(photo.data, 'base64'), photo.fileName);
  },
  listSignalCategories: ({ db, query }) => o.signalCategories(db, query.contract).map(signalCategoryView),

  listRequestTypes: ({ db, query }) => o.requestTypes(db, query.contract).map(requestTypeView),
  createRequestType: ({ db, body }) => requestTypeView(o.createRequestType(db, body)),
  listRequests: ({ db, query }) =>
    page(o.listRequests(db, query.contract, { q: query.q, status: query.status }), (r) => requestView(db, r)),
  createRequestDraft: ({ db, user, body }) => requestView(db, o.createDraft(db, user, body)),
  getRequest: ({ db, params }) => requestView(db, o.requireRequest(db, params.requestId)),
  updateRequestDraft: ({ db, params, body }) => requestView(db, o.updateDraft(db, params.requestId, body)),
  submitRequest: ({ db, params }) => requestView(db, o.submitRequest(db, params.requestId)),
  changeRequestStatus: ({ db, user, params, body }) =>
    requestView(db, o.changeRequestStatus(db, user, params.requestId, body)),

  listPublicWorks: ({ db, query }) =>
    page(o.listWorks(db, query.contract, { q: query.q, status: query.status }), workView),
  createPublicWork: ({ db, user, body }) => workView(o.createWork(db, body, user)),
  getPublicWork: ({ db, params }) => workView(o.requireWork(db, params.workId)),
  updatePublicWork: ({ db, user, params, body }) => workView(o.updateWork(db, user, params.workId, body)),
  publicWorkStats: ({ db, query }) => o.workStats(db, query.contract, query.statuses),
  mapServerSettings: ({ db, params, query, origin }) => {
    const org = getRow(db, 'organizations', query.organizationId);
    if (!org || org.contractId !== params.contractId)
      throw notFound(`Organization ${query.organizationId} of contract ${params.contractId}`);
    return {
      authkey: `mock-authkey-${params.contractId}`,
      url: `${origin}/tiles/{z}/{x}/{y}.png`,
      layer: `UUID-${org.id}`,
      workspace: `UUID-${params.contractId}`,
    };
  },

  listCalendars: ({ db, query }) => o.calendarsOf(db, query.contract).map(calendarView),
  objectCalendar: ({ db, params }) => calendarView(o.objectCalendar(db, params.objectType, params.objectId)),
  getCalendar: ({ db, params }) => {
    const calendar = getRow(db, 'calendars', params.calendarId);
    if (!calendar) throw notFound('Calendar', params.calendarId);
    return calendarView(calendar);
  },
  listCalendarEvents: ({ db, params, query }) =>
    o.calendarEvents(db, params.calendarId, query).map(eventView),
  createCalendarEvent: ({ db, params, body }) => eventView(o.createEvent(db, params.calendarId, body)),
  getCalendarEvent: ({ db, params }) => eventView(o.requireEvent(db, params.calendarId, params.eventId)),
  updateCalendarEvent: ({ db, params, body }) =>
    eventView(o.updateEvent(db, params.calendarId, params.eventId, body)),
  deleteCalendarEvent: ({ db, params }) => {
    o.deleteEvent(db, params.calendarId, params.eventId);
    return null;
  },
  listCalendarCategories: ({ db, params }) => o.calendarCategories(db, params.calendarId).map(categoryView),
  createCalendarCategory: ({ db, params, body }) =>
    categoryView(o.createCategory(db, params.calendarId, body)),
  deleteCalendarCategory: ({ db, params }) => {
    o.deleteCategory(db, params.calendarId, params.categoryId);
    return null;
  },
} satisfies Partial<Handlers>;
