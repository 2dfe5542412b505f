/**
 * Finds the endpoint of a call in one lookup instead of express trying its 121 routes one by one
 * (the router's layer walk and path-to-regexp were the largest share of a call's time at 50
 * connections, see docs/bench.md). Same matching as express's defaults: literal segments compared
 * without case, one trailing slash ignored, parameters percent-decoded (a bad escape is a 400
 * naming the parameter); HEAD is answered as GET. The first match in the given order wins.
 */
import type { EndpointDef } from '@portal/contract';
import { ApiFailure } from '../store/errors.ts';

interface Compiled<T> {
  value: T;
  /** lower-cased literal, or null for a parameter */
  segments: readonly (string | null)[];
  names: readonly string[];
}

export interface RouteTable<T> {
  /** by method, then by segment count, in the order given */
  readonly routes: ReadonlyMap<string, ReadonlyMap<number, readonly Compiled<T>[]>>;
}

export function compileRoutes<T>(
  entries: readonly { method: string; path: string; value: T }[],
): RouteTable<T> {
  const routes = new Map<string, Map<number, Compiled<T>[]>>();
  for (const { method, path, value } of entries) {
    const parts = path.split('/').slice(1);
    const compiled: Compiled<T> = {
      value,
      segments: parts.map((part) => (part.startsWith(':') ? null : part.toLowerCase())),
      names: parts.filter((part) => part.startsWith(':')).map((part) => part.slice(1)),
    };
    const byCount = routes.get(method.toUpperCase()) ?? new Map<number, Compiled<T>[]>();
    routes.set(method.toUpperCase(), byCount);
    const list = byCount.get(parts.length) ?? [];
    byCount.set(parts.length, list);
    list.push(compiled);
  }
  return { routes };
}

function decodeParam(name: string, raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiFailure(400, `Invalid path parameter ${name}: malformed percent-encoding`, [
      { path: name, message: 'malformed percent-encoding' },
    ]);
  }
}

/** The route matching a method and a path (without query), with its decoded parameters; null if none. */
export function matchRoute<T>(
  table: RouteTable<T>,
  method: string,
  path: string,
): { value: T; params: Record<string, string> } | null {
  const byCount = table.routes.get(method === 'HEAD' ? 'GET' : method);
  if (!byCount) return null;
  const parts = path.split('/').slice(1);
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const candidates = byCount.get(parts.length);
  if (!candidates) return null;
  const lower = parts.map((part) => part.toLowerCase());
  for (const route of candidates) {
    let matches = true;
    for (let i = 0; i < route.segments.length; i++) {
      const literal = route.segments[i];
      if (literal === null ? lower[i] === '' : literal !== lower[i]) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    const params: Record<string, string> = {};
    let n = 0;
    route.segments.forEach((literal, i) => {
      if (literal !== null) return;
      const name = route.names[n++] as string;
      params[name] = decodeParam(name, parts[i] as string);
    });
    return { value: route.value, params };
  }
  return null;
}

/** Literal segments win over parameters where two paths overlap: a total order on segment keys. */
export function compareRoutes(a: EndpointDef, b: EndpointDef): number {
  const key = (def: EndpointDef) =>
    fullPath(def)
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '\uffff' : segment));
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const x = ka[i] as string;
    const y = kb[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return ka.length - kb.length;
}

export function fullPath(def: EndpointDef): string {
  return (def.base === 'documents' ? '/documents' : '') + def.path;
}
