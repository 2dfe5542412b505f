/** Personas (named users) of a partition: list, create ad hoc, change roles. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { isPortalWideRole } from '@portal/contract/roles';
import type { personaInput, roleChange } from '../../control-api/endpoints.ts';
import { membershipsFrom, syncMemberships, type UserRecord } from '@portal/fixtures';
import { userByEmail, userByPersona } from '../store/access.ts';
import { getRow, insertRow, rows, touch, type Db } from '../store/db.ts';
import { badRequest, conflict, notFound } from '../store/errors.ts';

export function listPersonas(db: Db): UserRecord[] {
  return rows(db, 'users').filter((u) => u.personaId !== null);
}

export function createPersona(db: Db, input: z.infer<typeof personaInput>): UserRecord {
  for (const [index, id] of input.contractIds.entries()) {
    if (!getRow(db, 'contracts', id))
      throw badRequest(`Contract ${id} does not exist`, [
        { path: `contractIds.${index}`, message: 'unknown contract' },
      ]);
  }
  for (const [index, id] of (input.organizationIds ?? []).entries()) {
    const org = getRow(db, 'organizations', id);
    if (!org || !input.contractIds.includes(org.contractId)) {
      throw badRequest(`Organization ${id} is not in the persona's contracts`, [
        { path: `organizationIds.${index}`, message: 'unknown organization' },
      ]);
    }
  }
  let id = input.id;
  if (!id) {
    let n = rows(db, 'users').length + 1;
    while (userByPersona(db, `persona-${n}`)) n++;
    id = `persona-${n}`;
  }
  if (userByPersona(db, id)) throw conflict(`Persona ${id} already exists`);
  const email = input.email ?? `${id}@portal.test`;
  if (userByEmail(db, email)) throw conflict(`A user with e-mail ${email} already exists`);
  const user = insertRow(db, 'users', {
    email,
    firstName: input.firstName ?? 'Persona',
    lastName: input.lastName ?? id,
    heimdallId: `adhoc-${id}`,
    type: 'AGENT',
    mobilePhone: null,
    lastLogin: null,
    roles: [...new Set(input.roles)],
    contractIds: [...new Set(input.contractIds)],
    memberships: membershipsFrom(input.roles, input.contractIds),
    organizationIds: [...new Set(input.organizationIds ?? [])],
    personaId: id,
    description: input.description ?? 'Persona créée par le contrôle du serveur',
    tokenNonce: randomBytes(12).toString('base64url'),
  });
  return user;
}

/** A user by numeric id, persona id or e-mail. */
export function findUser(db: Db, idOrEmail: string): UserRecord {
  const byId = /^\d+$/.test(idOrEmail) ? getRow(db, 'users', Number(idOrEmail)) : undefined;
  const user =
    byId ??
    userByPersona(db, idOrEmail) ??
    (idOrEmail.includes('@') ? userByEmail(db, idOrEmail) : undefined);
  if (!user) throw notFound('User', idOrEmail);
  return user;
}

/**
 * Changes a user's roles. With a contractId, the roles of that membership only (portal-wide roles
 * are held once for every contract: 400). Without, portal-wide roles change once and the other
 * roles change in every membership of the user.
 */
export function changeRoles(db: Db, user: UserRecord, change: z.infer<typeof roleChange>): UserRecord {
  const apply = (current: readonly string[], keep: (r: string) => boolean): string[] => {
    let roles = change.set ? change.set.filter(keep) : [...current];
    for (const r of change.add ?? []) if (keep(r) && !roles.includes(r)) roles.push(r);
    if (change.remove) roles = roles.filter((r) => !change.remove?.includes(r));
    return [...new Set(roles)];
  };
  const contract = (r: string) => !isPortalWideRole(r);
  if (change.contractId !== undefined) {
    const membership = user.memberships.find((m) => m.contractId === change.contractId);
    if (!membership) throw notFound(`User ${user.id} in contract`, change.contractId);
    const wide = [...(change.set ?? []), ...(change.add ?? [])].find(isPortalWideRole);
    if (wide)
      throw badRequest(`${wide} is a portal-wide role: change it without contractId`, [
        { path: 'contractId', message: 'portal-wide role' },
      ]);
    membership.roles = apply(membership.roles, contract);
  } else if (user.memberships.length === 0) {
    user.roles = apply(user.roles, () => true);
  } else {
    const wideRoles = apply(user.roles.filter(isPortalWideRole), isPortalWideRole);
    for (const m of user.memberships) m.roles = apply(m.roles, contract);
    user.roles = wideRoles;
  }
  syncMemberships(user);
  touch(db);
  return user;
}
