/** Contracts, site and portal configurations, permissions, realms, skill menus. */
import { ROLES } from '@portal/contract/roles';
import { isPortalSuperAdmin } from '@portal/contract/permissions';
import type { ContractCreate, ContractStatus } from '@portal/contract';
import { syncMemberships, type ContractRecord, type UserRecord } from '@portal/fixtures';
import { matches, reachesContract } from './access.ts';
import { getRow, getRows, insertRow, removeRow, removeRows, rows, touch, type Db } from './db.ts';
import { conflict, notFound } from './errors.ts';

export function requireContractRow(db: Db, id: number): ContractRecord {
  const contract = getRow(db, 'contracts', id);
  if (!contract) throw notFound('Contract', id);
  return contract;
}

export function userContracts(db: Db, user: UserRecord): ContractRecord[] {
  return getRows(db, 'contracts', user.contractIds);
}

export function listContracts(db: Db, filter: { q?: string; status?: ContractStatus }): ContractRecord[] {
  return rows(db, 'contracts').filter(
    (c) => (!filter.status || c.status === filter.status) && matches([c.label], filter.q),
  );
}

export function createContract(db: Db, user: UserRecord, input: ContractCreate): ContractRecord {
  const { contractMetadatas, label, status } = input;
  const metadatas: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(contractMetadatas))
    if (value !== undefined) metadatas[key] = value;
  const contract = insertRow(db, 'contracts', { label, status, metadatas, createdBy: user.id });
  // every contract has its master organization
  insertRow(db, 'organizations', {
    contractId: contract.id,
    label,
    type: 'Community',
    master: true,
    areaIds: [],
    categoryIds: [],
    contractServiceIds: [],
    legalEntityId: null,
    operatorContractId: null,
    newOrganizationLabel: null,
    startDate: null,
    endDate: null,
    metadatas: {},
  });
  return contract;
}

/** Deletes a contract and everything that belongs to it. */
export function deleteContract(db: Db, id: number): void {
  requireContractRow(db, id);
  const orgIds = new Set(
    rows(db, 'organizations')
      .filter((o) => o.contractId === id)
      .map((o) => o.id),
  );
  const siteIds = new Set(
    rows(db, 'industrialSites')
      .filter((s) => s.contractId === id)
      .map((s) => s.id),
  );
  const signalIds = new Set(
    rows(db, 'signals')
      .filter((s) => s.contractId === id)
      .map((s) => s.id),
  );
  const calendarIds = new Set(
    rows(db, 'calendars')
      .filter((c) => c.contractId === id)
      .map((c) => c.id),
  );
  const inContract = (row: { contractId: number }) => row.contractId === id;
  removeRows(db, 'siteConfigurations', inContract);
  removeRows(db, 'areas', inContract);
  removeRows(db, 'organizations', inContract);
  removeRows(db, 'legalEntities', inContract);
  removeRows(db, 'contractServices', inContract);
  removeRows(db, 'skillMenus', (m) => m.contractId === id);
  removeRows(db, 'appConfigurations', (c) =>
    c.ownerType === 'CONTRACT' ? c.owner === id : orgIds.has(c.owner),
  );
  removeRows(db, 'industrialSites', inContract);
  removeRows(db, 'siteContacts', (c) => siteIds.has(c.siteId));
  removeRows(db, 'sitePhotos', (p) => siteIds.has(p.ownerId));
  removeRows(db, 'siteMetadata', (m) => siteIds.has(m.siteId));
  removeRows(db, 'signalCategories', inContract);
  removeRows(db, 'signals', inContract);
  removeRows(db, 'signalPhotos', (p) => signalIds.has(p.ownerId));
  removeRows(db, 'requestTypes', inContract);
  removeRows(db, 'requests', inContract);
  removeRows(db, 'publicWorks', inContract);
  removeRows(db, 'calendars', inContract);
  removeRows(db, 'calendarCategories', (c) => calendarIds.has(c.calendarId));
  removeRows(db, 'calendarEvents', (e) => calendarIds.has(e.calendarId));
  removeRows(db, 'documents', inContract);
  removeRows(db, 'documentNotifications', inContract);
  removeRows(db, 'hydroSites', inContract);
  removeRows(db, 'waterCycles', inContract);
  removeRows(db, 'waterConformities', inContract);
  removeRows(db, 'interventions', inContract);
  for (const user of rows(db, 'users')) {
    if (user.contractIds.includes(id)) {
      user.memberships = user.memberships.filter((m) => m.contractId !== id);
      syncMemberships(user);
      user.organizationIds = user.organizationIds.filter((o) => !orgIds.has(o));
    }
  }
  removeRow(db, 'contracts', id);
  touch(db);
}

export function siteConfigurationOf(db: Db, contractId: number) {
  return rows(db, 'siteConfigurations').find((s) => s.contractId === contractId);
}

export function createSiteConfiguration(
  db: Db,
  contractId: number,
  input: { documentTitle: string; faviconOnglet?: string | null | undefined },
) {
  requireContractRow(db, contractId);
  if (siteConfigurationOf(db, contractId))
    throw conflict(`Contract ${contractId} already has a site configuration: update it with PUT`);
  return insertRow(db, 'siteConfigurations', {
    contractId,
    documentTitle: input.documentTitle,
    faviconOnglet: input.faviconOnglet ?? null,
  });
}

export function updateSiteConfiguration(
  db: Db,
  contractId: number,
  input: { documentTitle: string; faviconOnglet?: string | null | undefined },
) {
  requireContractRow(db, contractId);
  const config = siteConfigurationOf(db, contractId);
  if (!config) throw notFound(`Site configuration of contract ${contractId}`);
  config.documentTitle = input.documentTitle;
  if (input.faviconOnglet !== undefined) config.faviconOnglet = input.faviconOnglet;
  touch(db);
  return config;
}

/** Admin permissions: contract super admin on each contract, organization super admin on each organization. */
/**
 * The admin rights per contract: portal super admin in every contract, contract super admin in the
 * contracts whose membership holds the role, organization super admin for the user's organizations
 * in those contracts.
 */
export function adminPermissions(db: Db, user: UserRecord) {
  const permissions: { contractId: number; organizationId: number | null; role: string }[] = [];
  if (isPortalSuperAdmin(user)) {
    for (const c of rows(db, 'contracts'))
      permissions.push({ contractId: c.id, organizationId: null, role: ROLES.SUPER_ADMIN_PORTAL });
  }
  for (const m of user.memberships) {
    if (m.roles.includes(ROLES.SUPER_ADMIN_CONTRACT))
      permissions.push({ contractId: m.contractId, organizationId: null, role: ROLES.SUPER_ADMIN_CONTRACT });
    if (!m.roles.includes(ROLES.SUPER_ADMIN_ORGANIZATION)) continue;
    for (const orgId of user.organizationIds) {
      const org = getRow(db, 'organizations', orgId);
      if (org?.contractId === m.contractId)
        permissions.push({
          contractId: org.contractId,
          organizationId: org.id,
          role: ROLES.SUPER_ADMIN_ORGANIZATION,
        });
    }
  }
  return permissions;
}

export function contractInfo(db: Db, user: UserRecord) {
  return {
    defaultUrl: db.state.defaultUrl,
    contracts: userContracts(db, user).map((c) => ({
      id: c.id,
      label: c.label,
      contractUrl: c.metadatas.contractUrl ?? null,
    })),
  };
}

/** The realm of a domain: the contract whose address is on that host, or the default realm. */
export function realmFor(db: Db, domainName: string): string {
  const host = domainName.toLowerCase().replace(/:\d+$/, '');
  for (const contract of rows(db, 'contracts')) {
    const url = contract.metadatas.contractUrl;
    if (!url || !contract.metadatas.realm) continue;
    try {
      if (new URL(url).hostname.toLowerCase() === host) return contract.metadatas.realm;
    } catch {
      // not an address: skip
    }
  }
  return db.state.defaultRealm;
}

export function skillMenu(db: Db, user: UserRecord, contractId: number | undefined) {
  const wanted = contractId ?? user.contractIds[0];
  return rows(db, 'skillMenus')
    .filter(
      (m) =>
        (m.contractId === null || m.contractId === wanted) &&
        (m.contractId === null || reachesContract(user, m.contractId)),
    )
    .map((m) => {
      const skill = getRow(db, 'skills', m.skillId);
      return {
        skill: skill
          ? { id: skill.id, code: skill.code, label: skill.label }
          : { id: m.skillId, code: 'UNKNOWN', label: '' },
        portals: m.portals.map((p) => ({ ...p })),
        tools: m.tools.map((t) => ({ ...t })),
        perimeter: m.perimeter,
      };
    });
}
