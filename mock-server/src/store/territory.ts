/** Areas, municipalities, skill sets, organizations and operators, legal entities, contract services. */
import type { OrganizationCreate, OrganizationType, OrganizationUpdate } from '@portal/contract';
import type { AreaRecord, ContractServiceRecord, OrganizationRecord, UserRecord } from '@portal/fixtures';
import { multiSquare } from '@portal/fixtures';
import { fold, isOrganizationAdminOnly, matches, organizationReach, usersByOrganization } from './access.ts';
import { derived, getRow, groupBy, insertRow, removeRow, rows, touch, type Db } from './db.ts';
import { badRequest, conflict, invalidField, notFound } from './errors.ts';
import { requireContractRow } from './contracts.ts';

/* Areas */

export function organizationsByArea(db: Db): Map<number, OrganizationRecord[]> {
  return groupBy(db, 'organizations', 'byArea', (o) => o.areaIds);
}

/** An area's skill sets: those of the organizations working in it. */
export function areaCategoryIds(db: Db, areaId: number): number[] {
  const ids = new Set<number>();
  for (const org of organizationsByArea(db).get(areaId) ?? []) for (const id of org.categoryIds) ids.add(id);
  return [...ids].sort((a, b) => a - b);
}

function areasOfContract(db: Db, contractId: number): AreaRecord[] {
  return groupBy(db, 'areas', 'byContract', (a) => [a.contractId]).get(contractId) ?? [];
}

export function requireArea(db: Db, id: number): AreaRecord {
  const area = getRow(db, 'areas', id);
  if (!area) throw notFound('Area', id);
  return area;
}

/** The contract's areas the caller reaches: an organization super admin only those of their organizations. */
function reachableAreas(db: Db, user: UserRecord, contractId: number): AreaRecord[] {
  const all = areasOfContract(db, contractId);
  const reach = organizationReach(user, contractId);
  if (!reach) return all;
  const mine = new Set<number>();
  for (const id of reach) {
    const org = getRow(db, 'organizations', id);
    if (org?.contractId === contractId) for (const areaId of org.areaIds) mine.add(areaId);
  }
  return all.filter((a) => mine.has(a.id));
}

export function listAreas(db: Db, user: UserRecord, contractId: number, labelFilter?: string): AreaRecord[] {
  return reachableAreas(db, user, contractId).filter((a) =>
    matches([a.label, a.name, a.postalCode], labelFilter),
  );
}

/** The asked areas (all the reachable ones when none are asked) that are in the contract and within the caller's reach. */
function countedAreas(db: Db, user: UserRecord, contractId: number, areaIds: number[] | undefined): number[] {
  const reachable = reachableAreas(db, user, contractId).map((a) => a.id);
  if (!areaIds) return reachable;
  const allowed = new Set(reachable);
  return areaIds.filter((id) => allowed.has(id));
}

export function createArea(
  db: Db,
  contractId: number,
  input: { label?: string | undefined; divisionIds: number[] },
): AreaRecord {
  requireContractRow(db, contractId);
  const divisions = input.divisionIds.map((id, index) => {
    const division = getRow(db, 'divisions', id);
    if (!division)
      throw badRequest(`Municipality ${id} does not exist`, [
        { path: `divisionIds.${index}`, message: 'unknown municipality' },
      ]);
    return division;
  });
  const unique = [...new Map(divisions.map((d) => [d.id, d])).values()];
  const first = unique[0] as (typeof unique)[number];
  const label =
    input.label ??
    (unique.length === 1
      ? first.label
      : `${first.label} et ${unique.length - 1} autre${unique.length > 2 ? 's' : ''}`);
  return insertRow(db, 'areas', {
    contractId,
    label,
    name: first.label,
    postalCode: first.postalCode,
    divisionIds: unique.map((d) => d.id),
    geoJson: multiSquare(unique, 0.012),
  });
}

export function renameArea(db: Db, contractId: number, areaId: number, label: string): AreaRecord {
  const area = requireArea(db, areaId);
  if (area.contractId !== contractId) throw notFound(`Area ${areaId} of contract ${contractId}`);
  if (
    rows(db, 'areas').some(
      (other) => other.id !== areaId && other.contractId === contractId && fold(other.label) === fold(label),
    )
  )
    throw conflict(`An area named "${label}" already exists in this contract`);
  area.label = label;
  touch(db);
  return area;
}

export function deleteArea(db: Db, contractId: number, areaId: number): void {
  const area = requireArea(db, areaId);
  if (area.contractId !== contractId) throw notFound(`Area ${areaId} of contract ${contractId}`);
  for (const org of rows(db, 'organizations')) {
    if (org.areaIds.includes(areaId)) org.areaIds = org.areaIds.filter((id) => id !== areaId);
  }
  removeRow(db, 'areas', areaId);
}

export function areaCategoryCounts(db: Db, user: UserRecord, contractId: number, areaIds?: number[]) {
  return countedAreas(db, user, contractId, areaIds).map((id) => ({
    id,
    count: areaCategoryIds(db, id).length,
  }));
}

export function areaOrganizationCounts(
  db: Db,
  user: UserRecord,
  contractId: number,
  areaIds: number[] | undefined,
  type?: OrganizationType,
) {
  return countedAreas(db, user, contractId, areaIds).map((id) => ({
    id,
    count: (organizationsByArea(db).get(id) ?? []).filter((o) => !type || o.type === type).length,
  }));
}

export function areaOrganizations(db: Db, areaId: number, type?: OrganizationType): OrganizationRecord[] {
  return (organizationsByArea(db).get(areaId) ?? []).filter((o) => !type || o.type === type);
}

export function listDivisions(db: Db, q: string | undefined, countryCode: string) {
  const needle = q ? fold(q.trim()) : '';
  return rows(db, 'divisions').filter(
    (d) =>
      d.countryCode === countryCode &&
      (!needle || fold(d.label).includes(needle) || d.postalCode.startsWith(needle)),
  );
}

export function listCategories(db: Db, query?: string, noParent?: boolean) {
  return rows(db, 'categories').filter(
    (c) => (!noParent || c.parentId === null) && matches([c.label, c.code], query),
  );
}

/* Organizations */

function organizationsOfContract(db: Db, contractId: number): OrganizationRecord[] {
  return groupBy(db, 'organizations', 'byContract', (o) => [o.contractId]).get(contractId) ?? [];
}

export function requireOrganization(db: Db, id: number): OrganizationRecord {
  const org = getRow(db, 'organizations', id);
  if (!org) throw notFound('Organization', id);
  return org;
}

interface OrganizationSearch {
  organizations: OrganizationRecord[];
  /** the folded label of each organization, same order */
  keys: string[];
}

/** how many different organization searches are remembered until the next write */
const SEARCH_RESULTS_KEPT = 64;

const NO_ORGANIZATIONS: OrganizationSearch = { organizations: [], keys: [] };

/** Each contract's organizations with their search keys (folded labels), rebuilt after any write. */
function organizationSearch(db: Db): Map<number, OrganizationSearch> {
  return derived(db, 'organizations:search', () => {
    const byContract = new Map<number, OrganizationSearch>();
    for (const org of rows(db, 'organizations')) {
      let entry = byContract.get(org.contractId);
      if (!entry) byContract.set(org.contractId, (entry = { organizations: [], keys: [] }));
      entry.organizations.push(org);
      entry.keys.push(fold(org.label));
    }
    return byContract;
  });
}

/** The contract's organizations matching the search (case- and accent-insensitive), the type and the user's reach. */
export function listOrganizations(
  db: Db,
  user: UserRecord,
  contractId: number,
  filter: { q?: string | undefined; type?: OrganizationType | undefined },
) {
  const limited = isOrganizationAdminOnly(user, contractId);
  const needle = filter.q ? fold(filter.q.trim()) : '';
  const { type } = filter;
  if (!needle && !type && !limited) return organizationsOfContract(db, contractId);
  // the same search asked again before any write (every page of it, every poll) is not redone
  const results = derived(db, 'organizations:results', () => new Map<string, OrganizationRecord[]>());
  const key = `${contractId}\u0000${type ?? ''}\u0000${limited ? user.id : ''}\u0000${needle}`;
  const known = results.get(key);
  if (known) return known;
  const { organizations, keys } = organizationSearch(db).get(contractId) ?? NO_ORGANIZATIONS;
  const found: OrganizationRecord[] = [];
  for (let i = 0; i < organizations.length; i++) {
    const org = organizations[i] as OrganizationRecord;
    if (type && org.type !== type) continue;
    if (limited && !user.organizationIds.includes(org.id)) continue;
    if (needle && !(keys[i] as string).includes(needle)) continue;
    found.push(org);
  }
  // bounded: a burst of different searches between two writes keeps the memory flat
  if (results.size >= SEARCH_RESULTS_KEPT) results.clear();
  results.set(key, found);
  return found;
}

function checkIds(
  db: Db,
  list: readonly number[],
  path: string,
  exists: (id: number) => boolean,
  what: string,
): void {
  list.forEach((id, index) => {
    if (!exists(id))
      throw badRequest(`${what} ${id} is not valid here`, [
        { path: `${path}.${index}`, message: `unknown ${what.toLowerCase()}` },
      ]);
  });
}

/** A legal entity given by id (of this contract) or by name (created, in the given or the contract's country). */
function legalEntityOf(
  db: Db,
  contract: ReturnType<typeof requireContractRow>,
  legalEntity: number | string | null | undefined,
  type: OrganizationRecord['type'],
  countryCode?: 'FR' | 'TN',
): number | null {
  if (typeof legalEntity === 'number') {
    const legal = getRow(db, 'legalEntities', legalEntity);
    if (!legal || legal.contractId !== contract.id)
      throw invalidField('legalEntity', `legal entity ${legalEntity} is not in this contract`);
    return legal.id;
  }
  if (typeof legalEntity !== 'string') return null;
  const country = countryCode ?? (contract.metadatas.contract_country_code === 'TN' ? 'TN' : 'FR');
  return insertRow(db, 'legalEntities', {
    contractId: contract.id,
    label: legalEntity,
    countryCode: country,
    type,
  }).id;
}

export function createOrganization(
  db: Db,
  contractId: number,
  input: OrganizationCreate & { category: number[]; area: number[]; organizationContractService: number[] },
): OrganizationRecord {
  const contract = requireContractRow(db, contractId);
  checkIds(db, input.category, 'category', (id) => !!getRow(db, 'categories', id), 'Skill set');
  checkIds(db, input.area, 'area', (id) => getRow(db, 'areas', id)?.contractId === contractId, 'Area');
  checkIds(
    db,
    input.organizationContractService,
    'organizationContractService',
    (id) => getRow(db, 'contractServices', id)?.contractId === contractId,
    'Contract service',
  );
  if (organizationsOfContract(db, contractId).some((o) => fold(o.label) === fold(input.label))) {
    throw conflict(`An organization named "${input.label}" already exists in this contract`);
  }
  const legalEntityId = legalEntityOf(db, contract, input.legalEntity, input.type);
  const endDate = input.endDate ?? null;
  return insertRow(db, 'organizations', {
    contractId,
    label: input.label,
    type: input.type,
    master: false,
    areaIds: [...new Set(input.area)],
    categoryIds: [...new Set(input.category)],
    contractServiceIds: [...new Set(input.organizationContractService)],
    legalEntityId,
    operatorContractId: input.operatorContractId ?? null,
    newOrganizationLabel: input.newOrganizationLabel ?? null,
    startDate: input.startDate ?? null,
    endDate,
    metadatas: input.type === 'Operator' ? { operatorContractEnd: endDate } : {},
  });
}

export function updateOrganization(db: Db, id: number, input: OrganizationUpdate): OrganizationRecord {
  const org = requireOrganization(db, id);
  if (input.category)
    checkIds(db, input.category, 'category', (c) => !!getRow(db, 'categories', c), 'Skill set');
  const type = input.type ?? org.type;
  const start = input.startDate !== undefined ? input.startDate : org.startDate;
  const end = input.endDate !== undefined ? input.endDate : org.endDate;
  if (type === 'Operator') {
    if (!start) throw invalidField('startDate', 'required');
    if (!end) throw invalidField('endDate', 'required');
  }
  if (start && end && start.slice(0, 10) > end.slice(0, 10))
    throw invalidField('endDate', 'start date is after end date');
  if (org.master && input.type !== undefined && input.type !== org.type)
    throw invalidField('type', 'the master organization keeps its type');
  if (
    input.label !== undefined &&
    fold(input.label) !== fold(org.label) &&
    organizationsOfContract(db, org.contractId).some(
      (o) => o.id !== id && fold(o.label) === fold(input.label ?? ''),
    )
  ) {
    throw conflict(`An organization named "${input.label}" already exists in this contract`);
  }
  // every check passed: the writes follow (a refused edit changes nothing)
  if (input.legalEntity !== undefined)
    org.legalEntityId = legalEntityOf(
      db,
      requireContractRow(db, org.contractId),
      input.legalEntity,
      type,
      input.countryCode,
    );
  if (input.label !== undefined) org.label = input.label;
  if (input.category) org.categoryIds = [...new Set(input.category)];
  if (input.newOrganizationLabel !== undefined) org.newOrganizationLabel = input.newOrganizationLabel;
  org.type = type;
  org.startDate = start;
  org.endDate = end;
  if (input.operatorContractId !== undefined) org.operatorContractId = input.operatorContractId;
  if (type === 'Operator') org.metadatas = { ...org.metadatas, operatorContractEnd: end };
  touch(db);
  return org;
}

export function deleteOrganization(db: Db, id: number): void {
  const org = requireOrganization(db, id);
  if (org.master) throw conflict('The master organization cannot be deleted');
  for (const user of usersByOrganization(db).get(id) ?? []) {
    user.organizationIds = user.organizationIds.filter((o) => o !== id);
  }
  for (const site of rows(db, 'industrialSites')) {
    if (site.organizationIds.includes(id))
      site.organizationIds = site.organizationIds.filter((o) => o !== id);
  }
  const configs = rows(db, 'appConfigurations').filter(
    (c) => c.ownerType === 'ORGANIZATION' && c.owner === id,
  );
  for (const c of configs) removeRow(db, 'appConfigurations', c.id);
  removeRow(db, 'organizations', id);
}

export function organizationAreas(db: Db, id: number): AreaRecord[] {
  return requireOrganization(db, id)
    .areaIds.map((a) => getRow(db, 'areas', a))
    .filter((a) => a !== undefined);
}

export function setOrganizationAreas(db: Db, id: number, areaIds: number[]): AreaRecord[] {
  const org = requireOrganization(db, id);
  checkIds(db, areaIds, 'areaIds', (a) => getRow(db, 'areas', a)?.contractId === org.contractId, 'Area');
  org.areaIds = [...new Set(areaIds)];
  touch(db);
  return organizationAreas(db, id);
}

export function removeOrganizationArea(db: Db, id: number, areaId: number): void {
  const org = requireOrganization(db, id);
  if (!org.areaIds.includes(areaId)) throw notFound(`Area ${areaId} of organization ${id}`);
  org.areaIds = org.areaIds.filter((a) => a !== areaId);
  touch(db);
}

export function organizationServices(db: Db, id: number): ContractServiceRecord[] {
  return requireOrganization(db, id)
    .contractServiceIds.map((c) => getRow(db, 'contractServices', c))
    .filter((c) => c !== undefined);
}

export function setOrganizationServices(
  db: Db,
  id: number,
  contractServiceIds: number[],
): ContractServiceRecord[] {
  const org = requireOrganization(db, id);
  checkIds(
    db,
    contractServiceIds,
    'contractServiceIds',
    (c) => getRow(db, 'contractServices', c)?.contractId === org.contractId,
    'Contract service',
  );
  org.contractServiceIds = [...new Set(contractServiceIds)];
  touch(db);
  return organizationServices(db, id);
}

export function removeOrganizationService(db: Db, id: number, serviceCode: string): void {
  const org = requireOrganization(db, id);
  const remaining = org.contractServiceIds.filter((csId) => {
    const cs = getRow(db, 'contractServices', csId);
    return !cs || getRow(db, 'services', cs.serviceId)?.code !== serviceCode;
  });
  if (remaining.length === org.contractServiceIds.length)
    throw notFound(`Service ${serviceCode} of organization ${id}`);
  org.contractServiceIds = remaining;
  touch(db);
}

export function organizationMembers(db: Db, id: number, userFilter?: string): UserRecord[] {
  requireOrganization(db, id);
  return (usersByOrganization(db).get(id) ?? []).filter((u) =>
    matches([u.firstName, u.lastName, u.email, `${u.firstName} ${u.lastName}`], userFilter),
  );
}

export function removeOrganizationMember(db: Db, id: number, userId: number): void {
  requireOrganization(db, id);
  const user = getRow(db, 'users', userId);
  if (!user || !user.organizationIds.includes(id)) throw notFound(`User ${userId} in organization ${id}`);
  user.organizationIds = user.organizationIds.filter((o) => o !== id);
  touch(db);
}

export function organizationUserCounts(
  db: Db,
  user: UserRecord,
  contractId: number,
  organizationIds?: number[],
) {
  const reach = organizationReach(user, contractId);
  const ids = organizationIds ?? organizationsOfContract(db, contractId).map((o) => o.id);
  return ids
    .filter((id) => getRow(db, 'organizations', id)?.contractId === contractId && (!reach || reach.has(id)))
    .map((id) => ({ id, count: (usersByOrganization(db).get(id) ?? []).length }));
}

export function legalEntities(db: Db, contractId: number, type?: OrganizationType) {
  return rows(db, 'legalEntities').filter((l) => l.contractId === contractId && (!type || l.type === type));
}

/* Contract services */

export function listServices(db: Db, category?: number[], noCategory?: boolean) {
  return rows(db, 'services').filter((s) => {
    if (noCategory) return s.categoryIds.length === 0;
    return !category?.length || s.categoryIds.some((c) => category.includes(c));
  });
}

function contractServicesOf(db: Db, contractId: number): ContractServiceRecord[] {
  return rows(db, 'contractServices').filter((cs) => cs.contractId === contractId);
}

export function listContractServices(
  db: Db,
  contractId: number,
  filter: {
    category?: number[] | undefined;
    noCategory?: boolean | undefined;
    serviceLabel?: string | undefined;
  },
) {
  return contractServicesOf(db, contractId).filter((cs) => {
    const service = getRow(db, 'services', cs.serviceId);
    if (!service) return false;
    if (filter.noCategory && service.categoryIds.length > 0) return false;
    if (
      !filter.noCategory &&
      filter.category?.length &&
      !service.categoryIds.some((c) => filter.category?.includes(c))
    )
      return false;
    return matches([service.label, service.code], filter.serviceLabel);
  });
}

export function attachServices(db: Db, contractId: number, serviceIds: number[]): ContractServiceRecord[] {
  requireContractRow(db, contractId);
  checkIds(db, serviceIds, 'serviceIds', (id) => !!getRow(db, 'services', id), 'Service');
  const existing = new Set(contractServicesOf(db, contractId).map((cs) => cs.serviceId));
  const created: ContractServiceRecord[] = [];
  for (const serviceId of new Set(serviceIds)) {
    if (existing.has(serviceId)) continue;
    created.push(insertRow(db, 'contractServices', { contractId, serviceId }));
  }
  return created;
}

export function detachService(db: Db, contractServiceId: number): void {
  if (!getRow(db, 'contractServices', contractServiceId))
    throw notFound('Contract service', contractServiceId);
  for (const org of rows(db, 'organizations')) {
    if (org.contractServiceIds.includes(contractServiceId))
      org.contractServiceIds = org.contractServiceIds.filter((id) => id !== contractServiceId);
  }
  removeRow(db, 'contractServices', contractServiceId);
}
