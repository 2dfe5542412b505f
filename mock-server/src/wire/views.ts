/**
 * Every wire view in one place: the JSON the mock answers (the contract's shapes, and the control
 * API's personas and roles), built from the store's normalized records. Handlers call a store
 * function, then one of these; nothing else shapes a record for the wire.
 */
import { INDUSTRIAL_SITE_TYPES } from '@portal/contract/sites';
import { maskSecrets } from '@portal/contract/configuration';
import type {
  AppConfigurationRecord,
  AreaRecord,
  CalendarCategoryRecord,
  CalendarEventRecord,
  CalendarRecord,
  CategoryRecord,
  ContractRecord,
  ContractServiceRecord,
  DivisionRecord,
  DocumentNotificationRecord,
  DocumentRecord,
  IndicatorSourceRecord,
  IndustrialSiteRecord,
  InterventionRecord,
  LegalEntityRecord,
  OrganizationRecord,
  PhotoRecord,
  PortalConfigurationRecord,
  PublicWorkRecord,
  RequestRecord,
  RequestTypeRecord,
  SignalCategoryRecord,
  SignalRecord,
  SiteConfigurationRecord,
  SiteMetadataRecord,
  SiteContactRecord,
  SkillRecord,
  State,
  ThingsBoardDashboardRecord,
  UserConfigurationRecord,
  UserRecord,
} from '@portal/fixtures';
import { servicesIn } from '../store/access.ts';
import { derived, getRow, getRows, rows, type Db } from '../store/db.ts';
import { areaCategoryIds, organizationsByArea } from '../store/territory.ts';

const INDUSTRIAL_TYPES = new Map<string, string>(INDUSTRIAL_SITE_TYPES.map((t) => [t.code, t.label]));

/**
 * The JSON text of a record's view, kept until the next write (any write: a view also shows other
 * tables' labels). Pages of a list serialise the same records again and again.
 */
function viewJson<T extends object>(db: Db, view: string, record: T, build: (record: T) => unknown): string {
  const texts = derived(db, `json:${view}`, () => new WeakMap<object, string>());
  let text = texts.get(record);
  if (text === undefined) {
    text = JSON.stringify(build(record));
    texts.set(record, text);
  }
  return text;
}

/* Session and contracts */

/** Values stored as /assets/... or /stand-in/... are served by the mock: answer them as absolute addresses. */
function assetUrl(value: string | null | undefined, origin: string): string | null {
  if (value == null) return null;
  return value.startsWith('/assets/') || value.startsWith('/stand-in/') ? `${origin}${value}` : value;
}

const ASSET_KEYS = ['primaryLogo', 'secondaryLogo', 'faviconOnglet', 'thingsBoardUrl', 'openApiUrl'];

export function contractView(contract: ContractRecord, origin: string) {
  const metadatas: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(contract.metadatas)) {
    metadatas[key] = ASSET_KEYS.includes(key) ? assetUrl(value, origin) : value;
  }
  if (!('contract_country_code' in metadatas)) metadatas.contract_country_code = 'FR';
  return {
    id: contract.id,
    label: contract.label,
    status: contract.status,
    contractMetadatas: metadatas,
    createdBy: contract.createdBy,
  };
}

export function tokenInfoView(db: Db, user: UserRecord) {
  const firstOrg = user.organizationIds.map((id) => getRow(db, 'organizations', id)).find((o) => o);
  return {
    id: user.id,
    heimdallId: user.heimdallId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: [...user.roles],
    services: servicesIn(db, user),
    organization: firstOrg ? { id: firstOrg.id, label: firstOrg.label } : null,
  };
}

export function siteConfigurationView(config: SiteConfigurationRecord, origin: string) {
  return {
    id: config.id,
    documentTitle: config.documentTitle,
    faviconOnglet: assetUrl(config.faviconOnglet, origin),
    contract: { id: config.contractId },
  };
}

export function portalConfigurationView(config: PortalConfigurationRecord, origin: string) {
  const metadatas: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(config.metadatas)) metadatas[k] = assetUrl(v, origin);
  return {
    siteCode: config.siteCode,
    documentTitle: config.documentTitle,
    faviconOnglet: assetUrl(config.faviconOnglet, origin),
    theme: config.theme,
    metadatas,
  };
}

/* Users */

export function userSummaryView(user: UserRecord) {
  return {
    id: user.id,
    username: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    type: user.type,
    lastLogin: user.lastLogin,
  };
}

/** A user's summary as JSON text, kept until the next write (the users lists page it again and again). */
export function userSummaryJson(db: Db, user: UserRecord): string {
  return viewJson(db, 'userSummary', user, userSummaryView);
}

export function userDetailView(user: UserRecord) {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    type: user.type,
    username: user.email,
    mobilePhone: user.mobilePhone,
  };
}

/* Territory: areas, municipalities, skill sets, organizations, legal entities, services */

/**
 * An area as the API answers it; `reach` (an organization super admin's own organizations, see
 * store/access.ts organizationReach) limits the organizations it names to those.
 */
export function areaView(db: Db, area: AreaRecord, reach: ReadonlySet<number> | null = null) {
  return {
    id: area.id,
    label: area.label,
    name: area.name,
    postalCode: area.postalCode,
    contractId: area.contractId,
    categories: getRows(db, 'categories', areaCategoryIds(db, area.id)).map((c) => ({
      id: c.id,
      label: c.label,
    })),
    organizations: (organizationsByArea(db).get(area.id) ?? [])
      .filter((o) => !reach || reach.has(o.id))
      .map((o) => ({
        id: o.id,
        label: o.label,
        type: o.type,
      })),
    divisions: getRows(db, 'divisions', area.divisionIds).map((d) => ({
      id: d.id,
      label: d.label,
      postalCode: d.postalCode,
    })),
    geoJson: area.geoJson,
  };
}

/** An area's skill sets as its /category list shows them. */
export function areaCategoriesView(db: Db, area: AreaRecord) {
  return areaView(db, area).categories.map((c) => {
    const category = getRow(db, 'categories', c.id);
    return { id: c.id, label: c.label, code: category?.code ?? '', parentId: category?.parentId ?? null };
  });
}

export function divisionView(d: DivisionRecord) {
  return { id: d.id, label: d.label, postalCode: d.postalCode, countryCode: d.countryCode };
}

export function categoryView(c: CategoryRecord) {
  return { id: c.id, label: c.label, code: c.code, parentId: c.parentId };
}

export function skillView(s: SkillRecord) {
  return { id: s.id, code: s.code, label: s.label };
}

export function legalEntityView(l: LegalEntityRecord) {
  return { id: l.id, label: l.label, countryCode: l.countryCode };
}

export function organizationJson(db: Db, org: OrganizationRecord): string {
  return viewJson(db, 'organization', org, (o) => organizationView(db, o));
}

export function organizationView(db: Db, org: OrganizationRecord) {
  const legal = org.legalEntityId === null ? undefined : getRow(db, 'legalEntities', org.legalEntityId);
  return {
    id: org.id,
    label: org.label,
    contractId: org.contractId,
    type: org.type,
    organizationMaster: org.master,
    area: getRows(db, 'areas', org.areaIds).map((a) => ({ id: a.id, label: a.label })),
    category: getRows(db, 'categories', org.categoryIds).map((c) => ({ id: c.id, label: c.label })),
    organizationMetadatas: { ...org.metadatas },
    organizationContractService: [...org.contractServiceIds],
    legalEntity: legal ? { id: legal.id, label: legal.label } : null,
    operatorContractId: org.operatorContractId,
    newOrganizationLabel: org.newOrganizationLabel,
    startDate: org.startDate,
    endDate: org.endDate,
  };
}

export function serviceView(db: Db, serviceId: number) {
  const service = getRow(db, 'services', serviceId);
  if (!service) return { id: serviceId, code: 'UNKNOWN', label: 'Service inconnu', categories: [] };
  return {
    id: service.id,
    code: service.code,
    label: service.label,
    categories: getRows(db, 'categories', service.categoryIds).map((c) => ({
      id: c.id,
      label: c.label,
      code: c.code,
    })),
  };
}

export function contractServiceView(db: Db, cs: ContractServiceRecord) {
  const service = serviceView(db, cs.serviceId);
  return {
    id: cs.id,
    contractServiceId: cs.id,
    contractId: cs.contractId,
    serviceLabel: service.label,
    service,
  };
}

/* Configurations */

export function appConfigurationView(c: AppConfigurationRecord) {
  return {
    id: c.id,
    name: c.name,
    owner: c.owner,
    ownerType: c.ownerType,
    // secrets are never answered: a save that sends the mask back keeps them (store/configurations.ts)
    parameters: maskSecrets(c.parameters),
    forceChildConfiguration: c.forceChildConfiguration,
    useParentConfiguration: c.useParentConfiguration,
    parentConfiguration: c.parentConfiguration,
    displayButtonForceChildConfiguration: c.displayButtonForceChildConfiguration,
  };
}

export function userConfigurationView(c: UserConfigurationRecord) {
  return { id: c.id, portal: c.portal, code: c.code, data: c.data, deleted: c.deleted };
}

/* Industrial sites */

export function photoView(photo: PhotoRecord) {
  return { photoId: photo.id, fileName: photo.fileName, contentType: photo.contentType, size: photo.size };
}

export function industrialSiteView(db: Db, site: IndustrialSiteRecord) {
  const type = INDUSTRIAL_TYPES.get(site.typeCode);
  const organizations = getRows(db, 'organizations', site.organizationIds).map((o) => ({
    id: o.id,
    label: o.label,
  }));
  return {
    id: site.id,
    name: site.name,
    contractId: site.contractId,
    industrialSiteType: { code: site.typeCode, label: type ?? site.typeCode },
    geoZoneArea: { geoJson: site.geoJson },
    organizations,
    contacts: rows(db, 'siteContacts')
      .filter((c) => c.siteId === site.id)
      .map(contactView),
    photos: rows(db, 'sitePhotos')
      .filter((p) => p.ownerId === site.id)
      .map(photoView),
    metadata: rows(db, 'siteMetadata')
      .filter((m) => m.siteId === site.id)
      .map(siteMetadataView),
    metadatas: { organizationsCount: organizations.length },
    endDateContract: site.endDateContract,
  };
}

export function contactView(c: SiteContactRecord) {
  return {
    contactId: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    role: c.role,
    email: c.email,
    phone: c.phone,
  };
}

export function siteMetadataView(m: SiteMetadataRecord) {
  return { metadataId: m.id, key: m.key, value: m.value };
}

export function indicatorSourceView(src: IndicatorSourceRecord) {
  return { id: src.id, typeCode: src.typeCode, label: src.label, unit: src.unit };
}

/* Signals, requests, public works, calendars */

export function signalCategoryView(c: SignalCategoryRecord) {
  return { id: c.id, code: c.code, label: c.label, color: c.color };
}

export function signalPhotoView(photo: PhotoRecord) {
  return { photoId: photo.id, fileName: photo.fileName };
}

export function signalView(db: Db, signal: SignalRecord) {
  const category = getRow(db, 'signalCategories', signal.categoryId);
  return {
    id: signal.id,
    contractId: signal.contractId,
    category: category
      ? { id: category.id, code: category.code, label: category.label, color: category.color }
      : { id: signal.categoryId, code: 'UNKNOWN', label: 'Catégorie supprimée', color: '#999999' },
    description: signal.description,
    status: signal.status,
    address: signal.address,
    location: { lat: signal.lat, lng: signal.lng },
    photos: rows(db, 'signalPhotos')
      .filter((p) => p.ownerId === signal.id)
      .map(signalPhotoView),
    createdAt: signal.createdAt,
    author: signal.author,
    requestId: signal.requestId,
    history: signal.history.map((h) => ({ ...h })),
  };
}

export function requestTypeView(t: RequestTypeRecord) {
  return { id: t.id, label: t.label, code: t.code, description: t.description };
}

export function requestView(db: Db, request: RequestRecord) {
  const type = getRow(db, 'requestTypes', request.requestTypeId);
  return {
    id: request.id,
    contractId: request.contractId,
    requestType: type
      ? requestTypeView(type)
      : { id: request.requestTypeId, label: 'Type supprimé', code: 'UNKNOWN', description: '' },
    status: request.status,
    title: request.title,
    description: request.description,
    address: request.address,
    location: request.location,
    signalId: request.signalId,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    author: request.author,
    history: request.history ?? [],
  };
}

export function publicWorkView(w: PublicWorkRecord) {
  return { ...w };
}

export function calendarView(c: CalendarRecord) {
  return {
    id: c.id,
    contractId: c.contractId,
    objectType: c.objectType,
    objectId: c.objectId,
    label: c.label,
  };
}

export function calendarCategoryView(c: CalendarCategoryRecord) {
  return { id: c.id, calendarId: c.calendarId, label: c.label, color: c.color };
}

export function calendarEventView(e: CalendarEventRecord) {
  return { ...e };
}

/* Widgets, embedded tools, documents */

export function widgetView(w: State['widgets'][number]) {
  return { ...w, data: [...w.data] };
}

export function interventionView(i: InterventionRecord) {
  return { ...i };
}

export function thingsBoardDashboardView(b: ThingsBoardDashboardRecord, origin: string) {
  return { id: b.id, title: b.title, url: `${origin}/stand-in/thingsboard/${b.id}` };
}

export function documentNotificationView(n: DocumentNotificationRecord) {
  return { id: n.id, documentId: n.documentId, message: n.message, createdAt: n.createdAt, read: n.read };
}

export function documentView(doc: DocumentRecord, origin: string) {
  return {
    id: doc.id,
    label: doc.label,
    type: doc.type,
    createdAt: doc.createdAt,
    url: doc.url.startsWith('/') ? `${origin}${doc.url}` : doc.url,
  };
}

/* The control API: personas and roles */

export function personaView(u: UserRecord) {
  return {
    id: u.personaId as string,
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: [...u.roles],
    contractIds: [...u.contractIds],
    memberships: u.memberships.map((m) => ({ contractId: m.contractId, roles: [...m.roles] })),
    organizationIds: [...u.organizationIds],
    description: u.description ?? '',
  };
}

export function rolesView(user: UserRecord) {
  return {
    userId: user.id,
    email: user.email,
    personaId: user.personaId,
    roles: [...user.roles],
    memberships: user.memberships.map((m) => ({ contractId: m.contractId, roles: [...m.roles] })),
  };
}
