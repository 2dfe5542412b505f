/** The wire shapes of the contract, built from the normalized records. */
import { INDUSTRIAL_SITE_TYPES } from '@portal/contract';
import type {
  AreaRecord,
  ContractRecord,
  ContractServiceRecord,
  IndustrialSiteRecord,
  OrganizationRecord,
  PhotoRecord,
  RequestRecord,
  SignalRecord,
  UserRecord,
} from '@portal/fixtures';
import { servicesOf } from './access.ts';
import { derived, getRow, groupBy, rows, type Db } from './db.ts';

const INDUSTRIAL_TYPES = new Map<string, string>(INDUSTRIAL_SITE_TYPES.map((t) => [t.code, t.label]));

/** Values stored as /assets/... are served by the mock: answer them as absolute addresses. */
export function assetUrl(value: string | null | undefined, origin: string): string | null {
  if (value == null) return null;
  return value.startsWith('/assets/') ? `${origin}${value}` : value;
}

const ASSET_KEYS = ['primaryLogo', 'secondaryLogo', 'faviconOnglet'];

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
    services: servicesOf(user),
    organization: firstOrg ? { id: firstOrg.id, label: firstOrg.label } : null,
  };
}

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

export function organizationsByArea(db: Db): Map<number, OrganizationRecord[]> {
  return groupBy(db, 'organizations', 'byArea', (o) => o.areaIds);
}

/** An area's skill sets: those of the organizations working in it. */
export function areaCategoryIds(db: Db, areaId: number): number[] {
  const ids = new Set<number>();
  for (const org of organizationsByArea(db).get(areaId) ?? []) for (const id of org.categoryIds) ids.add(id);
  return [...ids].sort((a, b) => a - b);
}

export function areaView(db: Db, area: AreaRecord) {
  return {
    id: area.id,
    label: area.label,
    name: area.name,
    postalCode: area.postalCode,
    contractId: area.contractId,
    categories: areaCategoryIds(db, area.id)
      .map((id) => getRow(db, 'categories', id))
      .filter((c) => c !== undefined)
      .map((c) => ({ id: c.id, label: c.label })),
    organizations: (organizationsByArea(db).get(area.id) ?? []).map((o) => ({
      id: o.id,
      label: o.label,
      type: o.type,
    })),
    divisions: area.divisionIds
      .map((id) => getRow(db, 'divisions', id))
      .filter((d) => d !== undefined)
      .map((d) => ({ id: d.id, label: d.label, postalCode: d.postalCode })),
    geoJson: area.geoJson,
  };
}

/**
 * The JSON text of a record's view, kept until the next write (any write: a view also shows other
 * tables' labels). Pages of a list serialise the same records again and again.
 */
export function viewJson<T extends object>(
  db: Db,
  view: string,
  record: T,
  build: (record: T) => unknown,
): string {
  const texts = derived(db, `json:${view}`, () => new WeakMap<object, string>());
  let text = texts.get(record);
  if (text === undefined) {
    text = JSON.stringify(build(record));
    texts.set(record, text);
  }
  return text;
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
    area: org.areaIds
      .map((id) => getRow(db, 'areas', id))
      .filter((a) => a !== undefined)
      .map((a) => ({ id: a.id, label: a.label })),
    category: org.categoryIds
      .map((id) => getRow(db, 'categories', id))
      .filter((c) => c !== undefined)
      .map((c) => ({ id: c.id, label: c.label })),
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
    categories: service.categoryIds
      .map((id) => getRow(db, 'categories', id))
      .filter((c) => c !== undefined)
      .map((c) => ({ id: c.id, label: c.label, code: c.code })),
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

export function photoView(photo: PhotoRecord) {
  return { photoId: photo.id, fileName: photo.fileName, contentType: photo.contentType, size: photo.size };
}

export function industrialSiteView(db: Db, site: IndustrialSiteRecord) {
  const type = INDUSTRIAL_TYPES.get(site.typeCode);
  const organizations = site.organizationIds
    .map((id) => getRow(db, 'organizations', id))
    .filter((o) => o !== undefined)
    .map((o) => ({ id: o.id, label: o.label }));
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
      .map((m) => ({ metadataId: m.id, key: m.key, value: m.value })),
    metadatas: { organizationsCount: organizations.length },
    endDateContract: site.endDateContract,
  };
}

export function contactView(c: {
  id: number;
  firstName: string;
  lastName: string;
  role: string;
  email: string | null;
  phone: string | null;
}) {
  return {
    contactId: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    role: c.role,
    email: c.email,
    phone: c.phone,
  };
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
      .map((p) => ({ photoId: p.id, fileName: p.fileName })),
    createdAt: signal.createdAt,
    author: signal.author,
    requestId: signal.requestId,
    history: signal.history.map((h) => ({ ...h })),
  };
}

export function requestView(db: Db, request: RequestRecord) {
  const type = getRow(db, 'requestTypes', request.requestTypeId);
  return {
    id: request.id,
    contractId: request.contractId,
    requestType: type
      ? { id: type.id, label: type.label, code: type.code, description: type.description }
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
