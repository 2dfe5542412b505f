/** Industrial sites: sites, contacts, photos, metadata and indicator series. */
import { INDUSTRIAL_SITE_TYPES } from '@portal/contract/sites';
import { unitFor, type IndustrialSiteRecord, type UserRecord } from '@portal/fixtures';
import { isAdmin } from '@portal/contract/permissions';
import { isOrganizationAdminOnly, matches, subjectOf } from './access.ts';
import { getRow, insertRow, removeRow, rows, touch, type Db } from './db.ts';
import { ApiFailure, badRequest, invalidField, notFound } from './errors.ts';
import { requireContractRow } from './contracts.ts';

type SiteInput = {
  name: string;
  industrialSiteTypeCode: string;
  geoZoneArea?: { geojson: unknown } | undefined;
  organizationIds: number[];
};

export function requireSite(db: Db, id: number): IndustrialSiteRecord {
  const site = getRow(db, 'industrialSites', id);
  if (!site) throw notFound('Industrial site', id);
  return site;
}

/**
 * The caller reaches the site: an industrial-site user (not admin) and an organization super admin (not
 * contract or portal super admin) reach the sites of their organizations only. The list and every
 * by-id call (authorize.ts) apply it.
 */
export function reachesSite(user: UserRecord, site: IndustrialSiteRecord): boolean {
  const limited =
    !isAdmin(subjectOf(user, site.contractId)) || isOrganizationAdminOnly(user, site.contractId);
  return !limited || site.organizationIds.some((o) => user.organizationIds.includes(o));
}

/**
 * Sites of a contract; an industrial-site user (not admin) and an organization super admin (not contract
 * or portal super admin) see the sites of their organizations only.
 */
export function listSites(
  db: Db,
  user: UserRecord,
  contractId: number,
  filter: { q?: string | undefined; orderColumn?: 'name' | 'type' | 'id' | undefined },
) {
  const list = rows(db, 'industrialSites').filter(
    (s) => s.contractId === contractId && matches([s.name], filter.q) && reachesSite(user, s),
  );
  const order = filter.orderColumn ?? 'id';
  // a type sorts by the label the list shows (its code would read out of order), then by name
  const typeLabel = (code: string) => INDUSTRIAL_SITE_TYPES.find((t) => t.code === code)?.label ?? code;
  return [...list].sort((a, b) =>
    order === 'name'
      ? a.name.localeCompare(b.name, 'fr') || a.id - b.id
      : order === 'type'
        ? typeLabel(a.typeCode).localeCompare(typeLabel(b.typeCode), 'fr') ||
          a.name.localeCompare(b.name, 'fr') ||
          a.id - b.id
        : a.id - b.id,
  );
}

function checkSiteInput(db: Db, contractId: number, input: SiteInput): void {
  if (!INDUSTRIAL_SITE_TYPES.some((t) => t.code === input.industrialSiteTypeCode)) {
    throw invalidField(
      'industrialSiteTypeCode',
      `unknown type; expected one of ${INDUSTRIAL_SITE_TYPES.map((t) => t.code).join(', ')}`,
    );
  }
  input.organizationIds.forEach((id, index) => {
    if (getRow(db, 'organizations', id)?.contractId !== contractId) {
      throw badRequest(`Organization ${id} is not in contract ${contractId}`, [
        { path: `organizationIds.${index}`, message: 'unknown organization' },
      ]);
    }
  });
}

export function createSite(db: Db, contractId: number, input: SiteInput): IndustrialSiteRecord {
  requireContractRow(db, contractId);
  checkSiteInput(db, contractId, input);
  return insertRow(db, 'industrialSites', {
    contractId,
    name: input.name,
    typeCode: input.industrialSiteTypeCode,
    geoJson: (input.geoZoneArea?.geojson ?? null) as IndustrialSiteRecord['geoJson'],
    organizationIds: [...new Set(input.organizationIds)],
    endDateContract: null,
    indicatorTypes: rows(db, 'indicatorSources')
      .slice(0, 3)
      .map((s) => s.typeCode),
  });
}

export function updateSite(db: Db, id: number, input: SiteInput): IndustrialSiteRecord {
  const site = requireSite(db, id);
  checkSiteInput(db, site.contractId, input);
  site.name = input.name;
  site.typeCode = input.industrialSiteTypeCode;
  if (input.geoZoneArea) site.geoJson = input.geoZoneArea.geojson as IndustrialSiteRecord['geoJson'];
  site.organizationIds = [...new Set(input.organizationIds)];
  touch(db);
  return site;
}

export function siteContacts(db: Db, siteId: number) {
  requireSite(db, siteId);
  return rows(db, 'siteContacts').filter((c) => c.siteId === siteId);
}

export function requireContact(db: Db, siteId: number, contactId: number) {
  const contact = getRow(db, 'siteContacts', contactId);
  if (!contact || contact.siteId !== siteId) throw notFound(`Contact ${contactId} of site ${siteId}`);
  return contact;
}

type ContactInput = {
  firstName: string;
  lastName: string;
  role: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
};

export function createContact(db: Db, siteId: number, input: ContactInput) {
  requireSite(db, siteId);
  return insertRow(db, 'siteContacts', {
    siteId,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    email: input.email ?? null,
    phone: input.phone ?? null,
  });
}

export function updateContact(db: Db, siteId: number, contactId: number, input: ContactInput) {
  const contact = requireContact(db, siteId, contactId);
  contact.firstName = input.firstName;
  contact.lastName = input.lastName;
  contact.role = input.role;
  contact.email = input.email ?? null;
  contact.phone = input.phone ?? null;
  touch(db);
  return contact;
}

export function deleteContact(db: Db, siteId: number, contactId: number): void {
  requireContact(db, siteId, contactId);
  removeRow(db, 'siteContacts', contactId);
}

export const MAX_PHOTOS_PER_OWNER = 50;

export function addSitePhoto(
  db: Db,
  siteId: number,
  file: { originalname: string; mimetype: string; size: number; buffer: Buffer },
) {
  requireSite(db, siteId);
  if (rows(db, 'sitePhotos').filter((p) => p.ownerId === siteId).length >= MAX_PHOTOS_PER_OWNER) {
    throw new ApiFailure(409, `A site keeps at most ${MAX_PHOTOS_PER_OWNER} photos`);
  }
  return insertRow(db, 'sitePhotos', {
    ownerId: siteId,
    fileName: safeName(file.originalname),
    contentType: file.mimetype,
    size: file.size,
    data: file.buffer.toString('base64'),
  });
}

export function safeName(name: string): string {
  const cleaned = name.replace(/[\\/\r\n"]/g, '_').slice(0, 200);
  return cleaned || 'photo';
}

export function deleteSitePhoto(db: Db, siteId: number, photoId: number): void {
  const photo = getRow(db, 'sitePhotos', photoId);
  if (!photo || photo.ownerId !== siteId) throw notFound(`Photo ${photoId} of site ${siteId}`);
  removeRow(db, 'sitePhotos', photoId);
}

export function addMetadata(db: Db, siteId: number, input: { key: string; value: string }) {
  requireSite(db, siteId);
  return insertRow(db, 'siteMetadata', { siteId, key: input.key, value: input.value });
}

export function deleteMetadata(db: Db, siteId: number, metadataId: number): void {
  const entry = getRow(db, 'siteMetadata', metadataId);
  if (!entry || entry.siteId !== siteId) throw notFound(`Metadata ${metadataId} of site ${siteId}`);
  removeRow(db, 'siteMetadata', metadataId);
}

const STEP_MS = { HOUR: 3_600_000, DAY: 86_400_000, WEEK: 7 * 86_400_000, MONTH: 30 * 86_400_000 } as const;
const MAX_INDICATOR_POINTS = 5000;

/** Indicator values, computed deterministically from the seed, the site, the type and the time bucket. */
export function indicatorValues(
  db: Db,
  siteId: number,
  query: {
    typeCodes?: string[] | undefined;
    aggregateType: keyof typeof STEP_MS;
    startDate: string;
    endDate?: string | undefined;
  },
) {
  const site = requireSite(db, siteId);
  const start = Date.parse(query.startDate.length === 10 ? `${query.startDate}T00:00:00Z` : query.startDate);
  const end = query.endDate
    ? Date.parse(query.endDate.length === 10 ? `${query.endDate}T23:59:59Z` : query.endDate)
    : Date.parse(`${db.state.today}T23:59:59Z`);
  if (Number.isNaN(start))
    throw badRequest('Invalid query parameter: startDate', [{ path: 'startDate', message: 'not a date' }]);
  if (Number.isNaN(end))
    throw badRequest('Invalid query parameter: endDate', [{ path: 'endDate', message: 'not a date' }]);
  if (end < start)
    throw badRequest('endDate is before startDate', [{ path: 'endDate', message: 'before startDate' }]);
  const step = STEP_MS[query.aggregateType];
  const types = (query.typeCodes?.length ? query.typeCodes : site.indicatorTypes).filter((code) =>
    site.indicatorTypes.includes(code),
  );
  const buckets = Math.floor((end - start) / step) + 1;
  if (buckets * types.length > MAX_INDICATOR_POINTS) {
    throw badRequest(
      `Too many points (${buckets * types.length}): narrow the dates or aggregate by a longer period`,
      [{ path: 'aggregateType', message: 'range too large' }],
    );
  }
  const sources = new Map(rows(db, 'indicatorSources').map((s) => [s.typeCode, s]));
  const values: { typeCode: string; date: string; value: number; unit: string }[] = [];
  for (const code of types) {
    const source = sources.get(code);
    if (!source) continue;
    for (let i = 0; i < buckets; i++) {
      const time = start + i * step;
      const bucket = Math.floor(time / step);
      const noise = unitFor(db.state.seed, `indicator:${site.id}:${code}:${query.aggregateType}:${bucket}`);
      const wave = Math.sin(((bucket % 24) / 24) * Math.PI * 2) * 0.1;
      values.push({
        typeCode: code,
        date: new Date(time).toISOString(),
        value: Number((source.base * (1 + wave + (noise - 0.5) * 0.2)).toFixed(2)),
        unit: source.unit,
      });
    }
  }
  return values;
}

export function mySite(db: Db, user: UserRecord, contractId: number): IndustrialSiteRecord {
  const site = rows(db, 'industrialSites').find(
    (s) => s.contractId === contractId && s.organizationIds.some((o) => user.organizationIds.includes(o)),
  );
  if (!site) throw notFound(`Industrial site of user ${user.id} in contract ${contractId}`);
  return site;
}
