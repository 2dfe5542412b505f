/**
 * The store: one scenario's state plus indexes. Operations are plain functions over it
 * (see the other files of store/); every write goes through insertRow / removeRow / touch, which
 * keep the id indexes right, bump the version (derived indexes rebuild lazily) and notify persistence.
 */
import type { State, TableName, Tables } from '@portal/fixtures';

export type Row<K extends TableName> = Tables[K][number];

export interface Db {
  state: State;
  /** bumped on every write: derived indexes built for an older version are rebuilt */
  version: number;
  readonly ids: Map<TableName, Map<number, unknown>>;
  readonly derivedCache: Map<string, { version: number; value: unknown }>;
  /** called after every write (persistence) */
  onChange?: () => void;
}

export function createDb(state: State): Db {
  return { state, version: 0, ids: new Map(), derivedCache: new Map() };
}

function idIndex<K extends TableName>(db: Db, table: K): Map<number, Row<K>> {
  let index = db.ids.get(table) as Map<number, Row<K>> | undefined;
  if (!index) {
    index = new Map();
    for (const row of db.state.tables[table] as Row<K>[]) index.set((row as { id: number }).id, row);
    db.ids.set(table, index);
  }
  return index;
}

export function rows<K extends TableName>(db: Db, table: K): readonly Row<K>[] {
  return db.state.tables[table] as Row<K>[];
}

export function getRow<K extends TableName>(db: Db, table: K, id: number): Row<K> | undefined {
  return idIndex(db, table).get(id);
}

/** The rows of these ids, in their order, leaving out the ids no row has. */
export function getRows<K extends TableName>(db: Db, table: K, ids: readonly number[]): Row<K>[] {
  const index = idIndex(db, table);
  return ids.map((id) => index.get(id)).filter((row): row is Row<K> => row !== undefined);
}

export function touch(db: Db): void {
  db.version++;
  db.onChange?.();
}

/** Insert a row with the next id of its table. */
export function insertRow<K extends TableName>(db: Db, table: K, row: Omit<Row<K>, 'id'>): Row<K> {
  const id = (db.state.seq[table] ?? 0) + 1;
  db.state.seq[table] = id;
  const record = { id, ...row } as unknown as Row<K>;
  (db.state.tables[table] as Row<K>[]).push(record);
  idIndex(db, table).set(id, record);
  touch(db);
  return record;
}

export function removeRows<K extends TableName>(
  db: Db,
  table: K,
  predicate: (row: Row<K>) => boolean,
): number {
  const list = db.state.tables[table] as Row<K>[];
  const index = idIndex(db, table);
  let kept = 0;
  let removed = 0;
  for (const row of list) {
    if (predicate(row)) {
      index.delete((row as { id: number }).id);
      removed++;
    } else {
      list[kept++] = row;
    }
  }
  list.length = kept;
  if (removed) touch(db);
  return removed;
}

export function removeRow<K extends TableName>(db: Db, table: K, id: number): boolean {
  if (!getRow(db, table, id)) return false;
  return removeRows(db, table, (row) => (row as { id: number }).id === id) > 0;
}

/** A value computed from the state, cached until the next write. */
export function derived<T>(db: Db, key: string, build: () => T): T {
  const cached = db.derivedCache.get(key);
  if (cached && cached.version === db.version) return cached.value as T;
  const value = build();
  db.derivedCache.set(key, { version: db.version, value });
  return value;
}

/** Group rows by a key, cached until the next write. */
export function groupBy<K extends TableName>(
  db: Db,
  table: K,
  name: string,
  keysOf: (row: Row<K>) => readonly number[],
): Map<number, Row<K>[]> {
  return derived(db, `${table}:${name}`, () => {
    const map = new Map<number, Row<K>[]>();
    for (const row of rows(db, table)) {
      for (const key of keysOf(row)) {
        let list = map.get(key);
        if (!list) map.set(key, (list = []));
        list.push(row);
      }
    }
    return map;
  });
}
