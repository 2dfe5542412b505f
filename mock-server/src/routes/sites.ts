/** Industrial sites. */
import { getRow, rows } from '../store/db.ts';
import { notFound } from '../store/errors.ts';
import * as s from '../store/sites.ts';
import {
  contactView,
  indicatorSourceView,
  industrialSiteView,
  photoView,
  siteMetadataView,
} from '../wire/views.ts';
import { binary, page, type Handlers } from '../middleware/handler-types.ts';

export const siteHandlers = {
  listIndustrialSites: ({ db, user, query }) =>
    page(s.listSites(db, user, query.contractId, { q: query.q, orderColumn: query.orderColumn }), (site) =>
      industrialSiteView(db, site),
    ),
  createIndustrialSite: ({ db, query, body }) =>
    industrialSiteView(db, s.createSite(db, query.contractId, body)),
  getIndustrialSite: ({ db, params }) => industrialSiteView(db, s.requireSite(db, params.siteId)),
  updateIndustrialSite: ({ db, params, body }) =>
    industrialSiteView(db, s.updateSite(db, params.siteId, body)),
  listSiteContacts: ({ db, params }) => s.siteContacts(db, params.siteId).map(contactView),
  getSiteContact: ({ db, params }) => contactView(s.requireContact(db, params.siteId, params.contactId)),
  createSiteContact: ({ db, params, body }) => contactView(s.createContact(db, params.siteId, body)),
  updateSiteContact: ({ db, params, body }) =>
    contactView(s.updateContact(db, params.siteId, params.contactId, body)),
  deleteSiteContact: ({ db, params }) => {
    s.deleteContact(db, params.siteId, params.contactId);
    return null;
  },
  uploadSitePhoto: ({ db, params, file }) => {
    if (!file) throw notFound('File');
    return photoView(s.addSitePhoto(db, params.siteId, file));
  },
  deleteSitePhoto: ({ db, params }) => {
    s.deleteSitePhoto(db, params.siteId, params.photoId);
    return null;
  },
  sitePhotoBinary: ({ db, params }) => {
    const photo = getRow(db, 'sitePhotos', params.photoId);
    if (!photo) throw notFound('Photo', params.photoId);
    return binary(photo.contentType, Buffer.from(photo.data, 'base64'), photo.fileName);
  },
  siteIndicatorValues: ({ db, params, query }) => s.indicatorValues(db, params.siteId, query),
  listIndicatorSources: ({ db }) => rows(db, 'indicatorSources').map(indicatorSourceView),
  createSiteMetadata: ({ db, params, body }) => siteMetadataView(s.addMetadata(db, params.siteId, body)),
  deleteSiteMetadata: ({ db, params }) => {
    s.deleteMetadata(db, params.siteId, params.metadataId);
    return null;
  },
  mySite: ({ db, user, query }) => industrialSiteView(db, s.mySite(db, user, query.contractId)),
} satisfies Partial<Handlers>;
