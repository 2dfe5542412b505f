/**
 * The address of a call as the api client sends it. Shared by the api client and the boot script,
 * which sends the session's first calls before the app has loaded (early-calls.ts): both must
 * write the same address for the app to take the early answer.
 */
import { endpointRoutes } from '@portal/contract/endpoint-routes';

/** A query parameter's wire text: dates in ISO form, objects as JSON. */
function paramText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** The query string of a call (without '?'): empty values left out, a list as `name[]` repeated. */
export function queryString(params?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${name}[]`, paramText(item));
    else search.append(name, paramText(value));
  }
  return search.toString();
}

/** The address of a call: an absolute URL as is, else under the base; the query without empty values. */
function buildUrl(baseURL: string, url: string, params?: Record<string, unknown>): string {
  const address = /^[a-z][a-z\d+.-]*:\/\//i.test(url)
    ? url
    : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = queryString(params);
  return query ? `${address}${address.includes('?') ? '&' : '?'}${query}` : address;
}

/** Fills an express-style path (`/api/contract/:contractId/user`) with its parameters. */
export function endpointPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query as sent: empty values left out; a list in the form its endpoint declares, `name[]`
 * repeated where the spec writes `name[]` (`bracketed`, from the endpoint's row), else one
 * comma-joined value (`areas=1,2`, the count calls' form).
 */
export function wireQuery(
  query: Record<string, unknown> | undefined,
  bracketed: readonly string[] = [],
): Record<string, unknown> | undefined {
  if (!query) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    // queryString writes an array as `name[]` repeated
    out[name] = Array.isArray(value) && !bracketed.includes(name) ? value.join(',') : value;
  }
  return out;
}

/** The address of a call of the endpoint table, as `call(id, { params, query })` sends it. */
export function endpointUrl(
  baseURL: string,
  id: keyof typeof endpointRoutes,
  { params, query }: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const route: { path: string; brackets?: readonly string[] } = endpointRoutes[id];
  return buildUrl(baseURL, endpointPath(route.path, params), wireQuery(query, route.brackets));
}
