/** The widget catalogue and the data of the widgets, embedded tools and the document service. */
import { rows } from '../store/db.ts';
import * as d from '../store/dashboard.ts';
import {
  documentNotificationView,
  documentView,
  interventionView,
  thingsBoardDashboardView,
  widgetView,
} from '../wire/views.ts';
import { page, type Handlers } from '../middleware/handler-types.ts';

export const dashboardHandlers = {
  listWidgets: ({ db }) => db.state.widgets.map(widgetView),
  signalStats: ({ db, query }) => d.signalStats(db, query.contract),
  signalTopCategories: ({ db, query }) => d.topCategories(db, query.contract, query.length),
  requestStats: ({ db, query }) => d.requestStats(db, query.contract),
  waterCycle: ({ db, query }) => d.waterCycle(db, query.contract),
  waterConformity: ({ db, query }) => d.waterConformity(db, query.contract),
  hydrometricSites: ({ db, query }) => d.hydroSites(db, query.contract),
  hydrometricSeries: ({ db, params, query }) =>
    d.hydroSeries(db, query.contract, params.siteCode, query.interval, query.max),
  listInterventions: ({ db, query }) => page(d.interventions(db, query.contract, query), interventionView),
  thingsBoardDashboards: ({ db, origin }) =>
    db.state.thingsBoardDashboards.map((b) => thingsBoardDashboardView(b, origin)),
  thingsBoardUserToken: ({ user }) => ({ token: `tb-${user.id}-${Date.now().toString(36)}` }),
  powerBiEmbed: ({ db, user, query, origin }) =>
    d.powerBiEmbed(db, user, query.contract, query.service, origin),
  documentNotifications: ({ db, user, contractId }) =>
    page(d.documentNotifications(db, d.documentContracts(user, contractId)), documentNotificationView),
  lastDocuments: ({ db, user, query, origin, contractId }) =>
    d
      .lastDocuments(db, d.documentContracts(user, contractId), query.length)
      .map((doc) => documentView(doc, origin)),
  documentCount: ({ db, user, contractId }) => {
    const contracts = d.documentContracts(user, contractId);
    return { count: rows(db, 'documents').filter((doc) => contracts.includes(doc.contractId)).length };
  },
} satisfies Partial<Handlers>;
