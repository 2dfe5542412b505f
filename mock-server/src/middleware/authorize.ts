/**
 * Authorization from the endpoint table: the roles (via `granted`), then the scope: the caller
 * must belong to the contract the resource is in (a portal super admin reaches every contract),
 * and an organization super admin who is not contract super admin only reaches the organizations
 * they are a member of. Returns the contract the call is authorized for.
 */
import { granted, isAdmin, type EndpointDef } from '@portal/contract';
import type { UserRecord } from '@portal/fixtures';
import { isOrganizationAdminOnly, reachesContract, subjectOf } from '../store/access.ts';
import { getRow, type Db } from '../store/db.ts';
import { forbidden, notFound } from '../store/errors.ts';
import type { Validated } from './validate.ts';

type Values = Record<string, unknown>;

function num(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** The contract exists (404 otherwise, for everyone: an unknown id reveals nothing) and the caller belongs to it (403). */
function requireContract(db: Db, user: UserRecord, contractId: number): number {
  if (!getRow(db, 'contracts', contractId)) throw notFound('Contract', contractId);
  if (!reachesContract(user, contractId)) throw forbidden(`You do not belong to contract ${contractId}`);
  return contractId;
}

function requireOrganization(db: Db, user: UserRecord, organizationId: number): number {
  const org = getRow(db, 'organizations', organizationId);
  if (!org) throw notFound('Organization', organizationId);
  requireContract(db, user, org.contractId);
  if (isOrganizationAdminOnly(user) && !user.organizationIds.includes(org.id)) {
    throw forbidden(`You are not a member of organization ${organizationId}`);
  }
  return org.contractId;
}

/** Someone else's user data: an admin sharing a contract with them (organization admins: sharing an organization). */
function requireUser(db: Db, user: UserRecord, userId: number, contractId: unknown): number | null {
  const target = getRow(db, 'users', userId);
  if (!target) throw notFound('User', userId);
  const wanted = contractId === undefined ? null : num(contractId);
  if (wanted !== null) requireContract(db, user, wanted);
  if (target.id === user.id) return wanted;
  if (!isAdmin(subjectOf(user))) throw forbidden('Only administrators read other users');
  if (isOrganizationAdminOnly(user)) {
    const shared = target.organizationIds.some((id) => user.organizationIds.includes(id));
    if (!shared) throw forbidden(`User ${userId} is not a member of your organizations`);
    return wanted;
  }
  const shared = target.contractIds.filter((id) => reachesContract(user, id));
  if (shared.length === 0) throw forbidden(`User ${userId} is not in your contracts`);
  return wanted ?? shared[0] ?? null;
}

function contractOf<T extends { contractId: number }>(row: T | undefined, what: string, id: number): number {
  if (!row) throw notFound(what, id);
  return row.contractId;
}

export function authorize(def: EndpointDef, db: Db, user: UserRecord, input: Validated): number | null {
  if (!granted(subjectOf(user), def.roles)) {
    throw forbidden(`This call needs one of the roles ${def.roles.join(', ')}`);
  }
  const scope = def.scope;
  if (!scope) return null;
  const params = (input.params ?? {}) as Values;
  const query = (input.query ?? {}) as Values;
  const body = (input.body ?? {}) as Values;
  switch (scope.kind) {
    case 'contract': {
      const source = scope.in === 'path' ? params : scope.in === 'query' ? query : body;
      const contractId = num(source[scope.param]);
      return requireContract(db, user, contractId);
    }
    case 'organization': {
      const source = scope.in === 'path' ? params : query;
      return requireOrganization(db, user, num(source[scope.param]));
    }
    case 'area': {
      const areaId = num(params[scope.param]);
      const area = getRow(db, 'areas', areaId);
      if (!area) throw notFound('Area', areaId);
      requireContract(db, user, area.contractId);
      if (isOrganizationAdminOnly(user)) {
        const mine = user.organizationIds.some((id) =>
          getRow(db, 'organizations', id)?.areaIds.includes(areaId),
        );
        if (!mine) throw forbidden(`Area ${areaId} is not an area of your organizations`);
      }
      return area.contractId;
    }
    case 'user':
      return requireUser(db, user, num(params[scope.param]), query.contractId);
    case 'industrialSite': {
      const id = num(params[scope.param]);
      return requireContract(db, user, contractOf(getRow(db, 'industrialSites', id), 'Industrial site', id));
    }
    case 'sitePhoto': {
      const id = num(params[scope.param]);
      const photo = getRow(db, 'sitePhotos', id);
      if (!photo) throw notFound('Photo', id);
      return requireContract(
        db,
        user,
        contractOf(getRow(db, 'industrialSites', photo.ownerId), 'Industrial site', photo.ownerId),
      );
    }
    case 'signalPhoto': {
      const id = num(params[scope.param]);
      const photo = getRow(db, 'signalPhotos', id);
      if (!photo) throw notFound('Photo', id);
      return requireContract(
        db,
        user,
        contractOf(getRow(db, 'signals', photo.ownerId), 'Signal', photo.ownerId),
      );
    }
    case 'calendar': {
      const id = num(params[scope.param]);
      return requireContract(db, user, contractOf(getRow(db, 'calendars', id), 'Calendar', id));
    }
    case 'contractService': {
      const id = num(params[scope.param]);
      return requireContract(
        db,
        user,
        contractOf(getRow(db, 'contractServices', id), 'Contract service', id),
      );
    }
    case 'signal': {
      const id = num(params[scope.param]);
      return requireContract(db, user, contractOf(getRow(db, 'signals', id), 'Signal', id));
    }
    case 'request': {
      const id = num(params[scope.param]);
      return requireContract(db, user, contractOf(getRow(db, 'requests', id), 'Request', id));
    }
    case 'publicWork': {
      const id = num(params[scope.param]);
      return requireContract(db, user, contractOf(getRow(db, 'publicWorks', id), 'Public work', id));
    }
    case 'configuration': {
      const id = num(params[scope.param]);
      const config = getRow(db, 'appConfigurations', id);
      if (!config) throw notFound('Configuration', id);
      return ownerScope(db, user, config.ownerType, config.owner, true);
    }
    case 'owner': {
      const write = def.method !== 'GET';
      const source = write ? body : params;
      const ownerType = source.ownerType as 'CONTRACT' | 'ORGANIZATION';
      const owner = num(write ? source.owner : source.ownerId);
      return ownerScope(db, user, ownerType, owner, write);
    }
    case 'self':
      return null;
  }
}

function ownerScope(
  db: Db,
  user: UserRecord,
  ownerType: 'CONTRACT' | 'ORGANIZATION',
  owner: number,
  write: boolean,
): number {
  if (ownerType === 'ORGANIZATION') return requireOrganization(db, user, owner);
  if (!getRow(db, 'contracts', owner)) throw notFound('Contract', owner);
  if (write && isOrganizationAdminOnly(user))
    throw forbidden('Organization super admins cannot configure the contract');
  return requireContract(db, user, owner);
}
