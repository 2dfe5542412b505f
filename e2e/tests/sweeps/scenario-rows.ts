// The rows of the default scenario the sweeps open (read through the control API's exportState).

export interface Row {
  id: number;
  contractId?: number;
  [field: string]: unknown;
}

/** The tables the sweeps build their addresses from. */
export type Tables = Record<
  | 'signals'
  | 'requests'
  | 'publicWorks'
  | 'calendars'
  | 'calendarEvents'
  | 'areas'
  | 'organizations'
  | 'users'
  | 'industrialSites'
  | 'siteContacts',
  Row[]
>;

/** The first row that matches: the scenario must hold one. */
export function firstRow(rows: Row[], match: (r: Row) => boolean): Row {
  const row = rows.find(match);
  if (!row) throw new Error('the default scenario has no such row');
  return row;
}

export const ofContract1 = (r: Row): boolean => r.contractId === 1;
