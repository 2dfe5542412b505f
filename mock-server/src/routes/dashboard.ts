/** The widget catalogue and the data of the widgets, embedded tools and the document service. */
import { rows } from '../store/db.ts';
import * as d from '../store/dashboard.ts';
import { page, type Handlers } from './types.ts';

export const dashboardHandlers = {
  listWidgets: ({ db }) => db.state.widgets.map((w) => ({ ...w, data: [...w.data] })),
  signalStats: ({ db, query }) => d.signalStats(db, query.contract),
  signalTopCategories: ({ db, query }) => d.topCategories(db, query.contract, query.length),
  requestStats: ({ db, query }) => d.requestStats(db, query.contract),
  waterCycle: ({ db, query }) => d.waterCycle(db, query.contract),
  waterConformity: ({ db, query }) => d.waterConformity(db, query.contract),
  hydrometricSites: ({ db, query }) => d.hydroSites(db, query.contract),
  hydrometricSeries: ({ db, params, query }) =>
    d.hydroSeries(db, query.contract, params.siteCode, query.interval, query.max),
  listInterventions: ({ db, query }) => page(d.interventions(db, query.contract, query), (i) => ({ ...i })),
  thingsBoardDashboards: ({ db, origin }) =>
    db.state.thingsBoardDashboards.map((b) => ({
      id: b.id,
      title: b.title,
      url: `${origin}/stand-in/thingsboard/${b.id}`,
    })),
  thingsBoardUserToken: ({ user }) => ({ token: `tb-${user.id}-${Date.now().toString(36)}` }),
  powerBiEmbed: ({ db, user, query, origin }) =>
    d.powerBiEmbed(db, user, query.contract, query.service, origin),
  documentNotifications: ({ db, user, query }) =>
    page(d.documentNotifications(db, d.documentContracts(db, user, query.idp)), (n) => ({
      id: n.id,
      documentId: n.documentId,
      message: n.message,
      createdAt: n.createdAt,
      read: n.read,
    })),
  lastDocuments: ({ db, user, query, origin }) =>
    d.lastDocuments(db, d.documentContracts(db, user, query.idp), query.length).map((doc) => ({
      id: doc.id,
      label: doc.label,
      type: doc.type,
      createdAt: doc.createdAt,
      url: doc.url.startsWith('/') ? `${origin}${doc.url}` : doc.url,
    })),
  documentCount: ({ db, user, query }) => {
    const contracts = d.documentContracts(db, user, query.idp);
    return { count: rows(db, 'documents').filter((doc) => contracts.includes(doc.contractId)).length };
  },
} satisfies Partial<Handlers>;
