/** Checks a state given to PUT /__mock/state (or read from a state file) before it replaces anything. */
import { TABLE_NAMES, computeSeq, withMemberships, type State } from '@portal/fixtures';

export function validateImportedState(
  value: unknown,
): { ok: true; state: State } | { ok: false; message: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'expected a JSON object' };
  const s = value as Record<string, unknown>;
  if (s.format !== 'portal-mock-state')
    return { ok: false, message: 'format must be "portal-mock-state" (export one with GET /__mock/state)' };
  if (s.version !== 1) return { ok: false, message: 'version must be 1' };
  if (typeof s.scenario !== 'string' || typeof s.seed !== 'number' || typeof s.today !== 'string') {
    return { ok: false, message: 'scenario, seed and today are required' };
  }
  if (
    !Array.isArray(s.widgets) ||
    !Array.isArray(s.portalConfigurations) ||
    !Array.isArray(s.thingsBoardDashboards)
  ) {
    return { ok: false, message: 'widgets, portalConfigurations and thingsBoardDashboards must be arrays' };
  }
  const tables = s.tables as Record<string, unknown> | undefined;
  if (!tables || typeof tables !== 'object') return { ok: false, message: 'tables is required' };
  for (const name of TABLE_NAMES) {
    const table = tables[name];
    if (!Array.isArray(table)) return { ok: false, message: `tables.${name} must be an array` };
    const seen = new Set<number>();
    for (const row of table) {
      const id = (row as { id?: unknown } | null)?.id;
      if (!row || typeof row !== 'object' || (typeof id !== 'number' && typeof id !== 'string')) {
        return { ok: false, message: `tables.${name}: every row is an object with an id` };
      }
      if (typeof id === 'number') {
        if (seen.has(id)) return { ok: false, message: `tables.${name}: id ${id} appears twice` };
        seen.add(id);
      }
    }
  }
  const state = value as State;
  // states exported before roles per contract: every role of a user in each of its contracts
  for (const user of state.tables.users) withMemberships(user);
  // never give an id already used, whatever seq says
  const seq = computeSeq(state.tables);
  const given = (s.seq ?? {}) as Record<string, unknown>;
  for (const name of TABLE_NAMES) {
    const g = given[name];
    if (typeof g === 'number' && g > seq[name]) seq[name] = g;
  }
  state.seq = seq;
  if (typeof state.defaultRealm !== 'string') state.defaultRealm = 'portal';
  if (state.defaultUrl === undefined) state.defaultUrl = null;
  return { ok: true, state };
}
