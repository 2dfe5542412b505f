/**
 * A state with a chosen number of users in contract 1, from an exported one: the users search
 * measured from 1,250 to 20,000 users. Users of the other contracts and the personas stay; the
 * other users of contract 1 are kept in order up to the count, or copied (new id, e-mail made
 * unique) until it is reached.
 */

interface ExportedUser {
  id: number;
  email: string;
  contractIds: number[];
  personaId: string | null;
}

interface ExportedState {
  tables: { users: ExportedUser[] } & Record<string, unknown>;
}

export const SEARCH_SCALE = [1_250, 2_500, 5_000, 10_000, 20_000] as const;

export function withContractUsers<S extends ExportedState>(state: S, count: number, contractId = 1): S {
  const users = state.tables.users;
  const inContract = (u: ExportedUser) => u.contractIds.includes(contractId);
  const fixed = users.filter((u) => !inContract(u) || u.personaId !== null);
  const plain = users.filter((u) => inContract(u) && u.personaId === null);
  const wanted = Math.max(0, count - fixed.filter(inContract).length);
  const chosen: ExportedUser[] = plain.slice(0, wanted);
  let nextId = Math.max(0, ...users.map((u) => u.id)) + 1;
  for (let copy = 1; chosen.length < wanted && plain.length > 0; copy++) {
    for (const user of plain) {
      if (chosen.length >= wanted) break;
      chosen.push({ ...user, id: nextId++, email: `copy${copy}.${user.email}` });
    }
  }
  return { ...state, tables: { ...state.tables, users: [...fixed, ...chosen].sort((a, b) => a.id - b.id) } };
}

/** Cost growth from the first size to the last, against the growth of the users (1 = flat, the ratio of sizes = linear). */
export function growth(
  costs: readonly { users: number; cpuUs: number }[],
): { cost: number; users: number } | null {
  const first = costs[0];
  const last = costs[costs.length - 1];
  if (!first || !last || first === last || !(first.cpuUs > 0)) return null;
  return {
    cost: Math.round((last.cpuUs / first.cpuUs) * 100) / 100,
    users: Math.round((last.users / first.users) * 100) / 100,
  };
}
