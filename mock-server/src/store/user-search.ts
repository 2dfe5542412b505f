/**
 * The users search of a contract, by trigram index: `matches` over every user (four folded texts
 * each) cost 7 to 11 ms of CPU per uncached search at 10,000 users, growing with the users. The
 * index maps each three-letter piece of a user's folded texts to the positions of the users holding
 * it; a search reads the shortest list among its needle's pieces and checks those users only.
 * Built on first search of a contract, rebuilt after a write (the store's version), like every
 * derived index of the store.
 */
import type { UserRecord } from '@portal/fixtures';
import { foldText, usersByContract } from './access.ts';
import { derived, type Db } from './db.ts';

/** Between a user's texts: a needle never holds it, so no piece spans two texts. */
const SEPARATOR = '\u0000';
const GRAM = 3;

interface UserIndex {
  /** the contract's users, in the store's order */
  users: readonly UserRecord[];
  /** each user's folded texts, joined by SEPARATOR */
  texts: readonly string[];
  /** piece of three characters -> positions (ascending) of the users whose texts hold it */
  grams: ReadonlyMap<string, readonly number[]>;
}

/** First name, last name, e-mail and full name: what the users search reads. */
function searchedText(user: UserRecord): string {
  return foldText(
    [user.firstName, user.lastName, user.email, `${user.firstName} ${user.lastName}`].join(SEPARATOR),
  );
}

export function buildUserIndex(users: readonly UserRecord[]): UserIndex {
  const texts = users.map(searchedText);
  const grams = new Map<string, number[]>();
  texts.forEach((text, position) => {
    for (let i = 0; i + GRAM <= text.length; i++) {
      const gram = text.slice(i, i + GRAM);
      if (gram.includes(SEPARATOR)) continue;
      let list = grams.get(gram);
      if (!list) grams.set(gram, (list = []));
      // a piece found twice in one user's texts is listed once
      if (list[list.length - 1] !== position) list.push(position);
    }
  });
  return { users, texts, grams };
}

/** The users whose texts hold the needle (case and accents ignored), in the index's order. */
export function searchUserIndex(index: UserIndex, needle: string): UserRecord[] {
  const folded = foldText(needle.trim());
  if (!folded) return [...index.users];
  const holds = (position: number) => (index.texts[position] as string).includes(folded);
  if (folded.length < GRAM) {
    // one or two letters: every user is checked (no piece to look up)
    const found: UserRecord[] = [];
    index.texts.forEach((_, position) => {
      if (holds(position)) found.push(index.users[position] as UserRecord);
    });
    return found;
  }
  let shortest: readonly number[] | undefined;
  for (let i = 0; i + GRAM <= folded.length; i++) {
    const list = index.grams.get(folded.slice(i, i + GRAM));
    if (!list) return [];
    if (!shortest || list.length < shortest.length) shortest = list;
  }
  return (shortest ?? []).filter(holds).map((position) => index.users[position] as UserRecord);
}

/** The contract's users matching the search, through the contract's index (cached until the next write). */
export function searchContractUsers(db: Db, contractId: number, needle: string): UserRecord[] {
  const index = derived(db, `users:search:${contractId}`, () =>
    buildUserIndex(usersByContract(db).get(contractId) ?? []),
  );
  return searchUserIndex(index, needle);
}
