/** Users of contracts and organizations: lists, invitations, removal, counts, areas and shapes. */
import { randomBytes } from 'node:crypto';
import { ROLES } from '@portal/contract/roles';
import { assignableRoles, serviceRole } from '@portal/contract/permissions';
import type { OrganizationType, UserWithRoles } from '@portal/contract';
import {
  rolesInContract,
  syncMemberships,
  type AreaRecord,
  type OrganizationRecord,
  type UserRecord,
} from '@portal/fixtures';
import {
  isOrganizationAdminOnly,
  matches,
  organizationReach,
  subjectOf,
  userByEmail,
  usersByContract,
} from './access.ts';
import { getRow, getRows, insertRow, touch, type Db } from './db.ts';
import { badRequest, forbidden, notFound } from './errors.ts';

/** The contract's users the caller reaches: an organization super admin only the members of their organizations. */
function reachableUsers(db: Db, caller: UserRecord, contractId: number): UserRecord[] {
  const all = usersByContract(db).get(contractId) ?? [];
  const reach = organizationReach(caller, contractId);
  if (!reach) return all;
  return all.filter((u) => u.organizationIds.some((id) => reach.has(id)));
}

/** The same reach as reachableUsers, as a test of one user picked by id. */
function reachesUser(caller: UserRecord, contractId: number): (user: UserRecord) => boolean {
  const reach = organizationReach(caller, contractId);
  return (u) =>
    u.contractIds.includes(contractId) && (!reach || u.organizationIds.some((id) => reach.has(id)));
}

export function contractUsers(
  db: Db,
  caller: UserRecord,
  contractId: number,
  userFilter?: string,
): UserRecord[] {
  const all = reachableUsers(db, caller, contractId);
  if (!userFilter) return all;
  return all.filter((u) =>
    matches([u.firstName, u.lastName, u.email, `${u.firstName} ${u.lastName}`], userFilter),
  );
}

export function requireUser(db: Db, id: number): UserRecord {
  const user = getRow(db, 'users', id);
  if (!user) throw notFound('User', id);
  return user;
}

/** Invite users with a role into a contract and organizations; creates unknown e-mails. */
export function inviteUsers(db: Db, caller: UserRecord, contractId: number, payload: UserWithRoles) {
  const [entry] = payload;
  if (!entry)
    throw badRequest('Expected one object with organizations and users', [
      { path: '0', message: 'required' },
    ]);
  const allowed = assignableRoles(subjectOf(caller, contractId));
  entry.users.forEach((u, index) => {
    const role = u.roles[0];
    if (!allowed.includes(role)) {
      throw forbidden(`You cannot give the role ${role} (users.${index})`);
    }
  });
  entry.organizations.forEach((id, index) => {
    const org = getRow(db, 'organizations', id);
    if (!org || org.contractId !== contractId) {
      throw badRequest(`Organization ${id} is not in contract ${contractId}`, [
        { path: `0.organizations.${index}`, message: 'unknown organization' },
      ]);
    }
    if (isOrganizationAdminOnly(caller, contractId) && !caller.organizationIds.includes(id)) {
      throw forbidden(`You are not a member of organization ${id}`);
    }
  });
  if (isOrganizationAdminOnly(caller, contractId) && entry.organizations.length === 0) {
    throw forbidden('Organization super admins invite users into their organizations: choose at least one');
  }
  const invited: { role: string; userEmail: string }[] = [];
  for (const item of entry.users) {
    const role = item.roles[0];
    let user = userByEmail(db, item.email);
    if (!user) {
      const local = item.email.split('@')[0] ?? item.email;
      const [first, ...rest] = local.split(/[._-]/);
      const cap = (s: string | undefined) => (s ? s[0]!.toUpperCase() + s.slice(1) : '');
      user = insertRow(db, 'users', {
        email: item.email,
        firstName: cap(first) || local,
        lastName: cap(rest.join(' ')) || '',
        heimdallId: `invited-${item.email.toLowerCase()}`,
        type: 'AGENT',
        mobilePhone: null,
        lastLogin: null,
        roles: [],
        contractIds: [],
        memberships: [],
        organizationIds: [],
        personaId: null,
        description: null,
        tokenNonce: randomBytes(12).toString('base64url'),
      });
    }
    // the role belongs to this contract only (a membership: user, contract, roles)
    let membership = user.memberships.find((m) => m.contractId === contractId);
    if (!membership) user.memberships.push((membership = { contractId, roles: [] }));
    if (!membership.roles.includes(ROLES.USER)) membership.roles.unshift(ROLES.USER);
    if (!membership.roles.includes(role)) membership.roles.push(role);
    syncMemberships(user);
    user.organizationIds = [...new Set([...user.organizationIds, ...entry.organizations])];
    invited.push({ role, userEmail: user.email });
  }
  touch(db);
  return invited;
}

export function removeContractUser(db: Db, contractId: number, userId: number): void {
  const user = requireUser(db, userId);
  if (!user.contractIds.includes(contractId)) throw notFound(`User ${userId} in contract ${contractId}`);
  user.memberships = user.memberships.filter((m) => m.contractId !== contractId);
  syncMemberships(user);
  user.organizationIds = user.organizationIds.filter(
    (o) => getRow(db, 'organizations', o)?.contractId !== contractId,
  );
  touch(db);
}

export function userOrganizationsList(
  db: Db,
  user: UserRecord,
  filter: {
    organizationType?: OrganizationType | undefined;
    contractId?: number | undefined;
    /** only these contracts (the caller's reach over another user) */
    within?: readonly number[] | undefined;
  },
): OrganizationRecord[] {
  return getRows(db, 'organizations', user.organizationIds).filter(
    (o) =>
      (!filter.organizationType || o.type === filter.organizationType) &&
      (!filter.contractId || o.contractId === filter.contractId) &&
      (!filter.within || filter.within.includes(o.contractId)),
  );
}

export function userOrganizationCounts(
  db: Db,
  caller: UserRecord,
  contractId: number,
  userIds: number[] | undefined,
  type?: OrganizationType,
) {
  // the asked users are looked up one by one: no map of the contract's (possibly 10,000) users per call
  const reaches = reachesUser(caller, contractId);
  const users = userIds
    ? userIds
        .map((id) => getRow(db, 'users', id))
        .filter((u): u is UserRecord => u !== undefined && reaches(u))
    : reachableUsers(db, caller, contractId);
  return users.map((u) => ({
    id: u.id,
    count: userOrganizationsList(db, u, { organizationType: type, contractId }).length,
  }));
}

export function userAreasList(
  db: Db,
  user: UserRecord,
  contractId?: number,
  within?: readonly number[],
): AreaRecord[] {
  const ids = new Set<number>();
  for (const org of userOrganizationsList(db, user, { contractId, within }))
    for (const a of org.areaIds) ids.add(a);
  return getRows(
    db,
    'areas',
    [...ids].sort((a, b) => a - b),
  );
}

type Polygon = number[][][];

/** The user's shape: the areas of their organizations, one feature each, or one merged feature. */
export function userGeoshape(
  db: Db,
  user: UserRecord,
  query: {
    serviceCode?: string | undefined;
    merged?: boolean | undefined;
    contractId?: number | undefined;
    within?: readonly number[] | undefined;
  },
) {
  const roles = query.contractId === undefined ? user.roles : rolesInContract(user, query.contractId);
  if (query.serviceCode && !roles.includes(serviceRole(query.serviceCode))) {
    return { type: 'FeatureCollection' as const, features: [] as unknown[] };
  }
  const areas = userAreasList(db, user, query.contractId, query.within);
  if (query.merged) {
    const polygons: Polygon[] = [];
    for (const area of areas) {
      const g = area.geoJson;
      if (g && 'type' in g && g.type === 'MultiPolygon') polygons.push(...(g.coordinates as Polygon[]));
      else if (g && 'type' in g && g.type === 'Polygon') polygons.push(g.coordinates as Polygon);
    }
    return {
      type: 'FeatureCollection' as const,
      features: polygons.length
        ? [
            {
              type: 'Feature',
              geometry: { type: 'MultiPolygon', coordinates: polygons },
              properties: { userId: user.id, areas: areas.map((a) => a.id) },
            },
          ]
        : [],
    };
  }
  return {
    type: 'FeatureCollection' as const,
    features: areas.map((a) => ({
      type: 'Feature',
      geometry: a.geoJson,
      properties: { areaId: a.id, label: a.label },
    })),
  };
}
