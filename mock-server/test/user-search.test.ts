/** The users search by trigram index: the same users, in the same order, as reading every user. */
import { describe, expect, it } from 'vitest';
import { buildScenario, type UserRecord } from '@portal/fixtures';
import { fold, organizationReach, usersByContract } from '../src/store/access.ts';
import { createDb, rows } from '../src/store/db.ts';
import { contractUsers, inviteUsers } from '../src/store/users.ts';
import { buildUserIndex, searchUserIndex } from '../src/store/user-search.ts';

const db = createDb(buildScenario('large', 42, { today: '2026-06-15' }));
const persona = (id: string) => rows(db, 'users').find((u) => u.personaId === id)!;

/** What the search answered before the index: every user of the contract read in turn. */
function scan(users: readonly UserRecord[], needle: string): UserRecord[] {
  const n = fold(needle.trim());
  return users.filter((u) =>
    [u.firstName, u.lastName, u.email, `${u.firstName} ${u.lastName}`].some((h) => fold(h).includes(n)),
  );
}

const NEEDLES = [
  'martin',
  'MARTIN',
  'Éric',
  'eric',
  'e',
  'ma',
  'jean du',
  '@',
  '.fr',
  'zzzq',
  '  lu  ',
  'rené',
];

describe('users search index', () => {
  const users = usersByContract(db).get(1)!;
  const index = buildUserIndex(users);

  it('finds the users a full read finds, in the same order, for every kind of needle', () => {
    expect(users.length).toBeGreaterThan(5000);
    for (const needle of NEEDLES) {
      const ids = searchUserIndex(index, needle).map((u) => u.id);
      expect(ids, needle).toEqual(scan(users, needle).map((u) => u.id));
    }
    expect(searchUserIndex(index, 'martin').length).toBeGreaterThan(0);
    expect(searchUserIndex(index, 'zzzq')).toEqual([]);
  });

  it('does not match across two texts of a user (last name then e-mail)', () => {
    const user = users[0]!;
    const across = fold(`${user.lastName.slice(-2)}${user.email.slice(0, 2)}`);
    expect(searchUserIndex(index, across).map((u) => u.id)).toEqual(scan(users, across).map((u) => u.id));
  });

  it('keeps the caller reach: an organization super admin finds only the members of their organizations', () => {
    const admin = persona('contract-admin');
    const all = contractUsers(db, admin, 1, 'ma');
    expect(all.map((u) => u.id)).toEqual(scan(users, 'ma').map((u) => u.id));
    const orgAdmin = rows(db, 'users').find((u) => organizationReach(u, 1) !== null);
    if (!orgAdmin) throw new Error('the large scenario has no organization super admin of contract 1');
    const reach = organizationReach(orgAdmin, 1)!;
    const limited = contractUsers(db, orgAdmin, 1, 'ma');
    expect(limited.length).toBeLessThan(all.length);
    expect(limited.every((u) => u.organizationIds.some((id) => reach.has(id)))).toBe(true);
  });

  it('finds a user invited after a first search (the index follows the store)', () => {
    const admin = persona('contract-admin');
    expect(contractUsers(db, admin, 1, 'quentin.xylophone')).toEqual([]);
    inviteUsers(db, admin, 1, [
      { organizations: [], users: [{ email: 'quentin.xylophone@example.fr', roles: ['ROLE_USER'] }] },
    ] as never);
    expect(contractUsers(db, admin, 1, 'Xylophone').map((u) => u.email)).toEqual([
      'quentin.xylophone@example.fr',
    ]);
  });
});
