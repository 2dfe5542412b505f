/**
 * Authorization from the endpoint table: the roles (via `granted`), then the scope: the caller
 * must belong to the contract the resource is in (a portal super admin reaches every contract),
 * and hold the roles in that contract (roles belong to the contract that granted them; the
 * portal-wide roles count everywhere); an organization super admin who is not contract super admin
 * there only reaches the organizations they are a member of. Returns the contract the call is
 * authorized for.
 */
import { granted } from '@portal/contract/permissions';
import type { EndpointDef } from '@portal/contract';
import type { UserRecord } from '@portal/fixtures';
import { isOrganizationAdminOnly, reachesContract, sharedContracts, subjectOf } from '../store/access.ts';
import { getRow, rows, type Db } from '../store/db.ts';
import { reachesSite } from '../store/sites.ts';
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
  if (isOrganizationAdminOnly(user, org.contractId) && !user.organizationIds.includes(org.id)) {
    throw forbidden(`You are not a member of organization ${organizationId}`);
  }
  return org.contractId;
}

/**
 * Someone else's user data: an admin of a contract the user belongs to (organization admins: sharing
 * an organization). Returns the asked contract; for another user without one, null (the handler
 * limits the answer to `sharedContracts`).
 */
function requireUser(db: Db, user: UserRecord, userId: number, contractId: unknown): number | null {
  const target = getRow(db, 'users', userId);
  if (!target) throw notFound('User', userId);
  const wanted = contractId === undefined ? null : num(contractId);
  if (wanted !== null) requireContract(db, user, wanted);
  if (target.id === user.id) return wanted;
  const shared = sharedContracts(user, target).filter((id) => wanted === null || id === wanted);
  if (shared.length === 0) throw forbidden(`User ${userId} is not in the contracts you administer`);
  return wanted;
}

/** A site the caller's list shows: 404 for the others, as for an unknown id (the same everywhere). */
function requireSite(db: Db, user: UserRecord, siteId: number): number {
  const site = getRow(db, 'industrialSites', siteId);
  if (!site) throw notFound('Industrial site', siteId);
  requireContract(db, user, site.contractId);
  if (!reachesSite(user, site)) throw notFound('Industrial site', siteId);
  return site.contractId;
}

function contractOf<T extends { contractId: number }>(row: T | undefined, what: string, id: number): number {
  if (!row) throw notFound(what, id);
  return row.contractId;
}

export function authorize(def: EndpointDef, db: Db, user: UserRecord, input: Validated): number | null {
  if (!granted(subjectOf(user), def.roles)) {
    throw forbidden(`This call needs one of the roles ${def.roles.join(', ')}`);
  }
  const contractId = inScope(def, db, user, input);
  // the roles must be held in the contract of the call, not in another one
  if (contractId !== null && !granted(subjectOf(user, contractId), def.roles)) {
    throw forbidden(`This call needs one of the roles ${def.roles.join(', ')} in contract ${contractId}`);
  }
  return contractId;
}

function inScope(def: EndpointDef, db: Db, user: UserRecord, input: Validated): number | null {
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
      if (isOrganizationAdminOnly(user, area.contractId)) {
        const mine = user.organizationIds.some((id) =>
          getRow(db, 'organizations', id)?.areaIds.includes(areaId),
        );
        if (!mine) throw forbidden(`Area ${areaId} is not an area of your organizations`);
      }
      return area.contractId;
    }
    case 'user':
      return requireUser(db, user, num(params[scope.param]), query.contractId);
    case 'industrialSite':
      return requireSite(db, user, num(params[scope.param]));
    case 'sitePhoto': {
      const id = num(params[scope.param]);
      const photo = getRow(db, 'sitePhotos', id);
      if (!photo) throw notFound('Photo', id);
      return requireSite(db, user, photo.ownerId);
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
    case 'calendarObject':
      return calendarObjectContract(db, user, params);
    case 'realm': {
      const realm = String(query[scope.param] ?? '');
      const byRealm = rows(db, 'contracts').find((c) => c.metadatas.realm === realm);
      // no contract has that realm: the handler covers the contracts where the roles are held
      return byRealm ? requireContract(db, user, byRealm.id) : null;
    }
    case 'self':
      return null;
  }
}

/** The contract of the object (contract, organization, industrial site) whose calendar is asked. */
function calendarObjectContract(db: Db, user: UserRecord, params: Values): number {
  const id = num(params.objectId);
  const contractId =
    params.objectType === 'contract'
      ? getRow(db, 'contracts', id)?.id
      : params.objectType === 'organization'
        ? getRow(db, 'organizations', id)?.contractId
        : getRow(db, 'industrialSites', id)?.contractId;
  if (contractId === undefined) throw notFound(`${String(params.objectType)} ${id}`);
  return requireContract(db, user, contractId);
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
  if (write && isOrganizationAdminOnly(user, owner))
    throw forbidden('Organization super admins cannot configure the contract');
  return requireContract(db, user, owner);
}
