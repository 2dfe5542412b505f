/**
 * Live validation (what Prism's validating proxy does): a call and its answer checked against the
 * endpoint table, whoever answered (the mock's routes, a stub, the proxied backend). The judging is
 * the contract's own (`@portal/contract/conformance`, shared with `portal contract-check`); this
 * file finds the endpoint a call reaches and reads the call and its answer for it.
 */
import type { EndpointDef } from '@portal/contract';
import {
  answerProblems,
  type Problems,
  requestProblems,
  specLine,
  type HeaderReader,
} from '@portal/contract/conformance';
import { endpointList } from '@portal/contract/endpoints';
import type { ContractViolation } from '../../control-api/schemas.ts';
import { compareRoutes, compileRoutes, fullPath, matchRoute } from './route-match.ts';

/** The differences listed per call at most (the rest counted). */
const PROBLEMS_SHOWN = 5;

let table: ReturnType<typeof compileRoutes<EndpointDef>> | undefined;

/** The endpoint a method and path reach, with the path parameters; null when none does. */
export function endpointOf(
  method: string,
  path: string,
): { def: EndpointDef; params: Record<string, string> } | null {
  table ??= compileRoutes(
    [...endpointList]
      .sort(compareRoutes)
      .map((def) => ({ method: def.method, path: fullPath(def), value: def })),
  );
  try {
    const found = matchRoute(table, method, path);
    return found ? { def: found.value, params: found.params } : null;
  } catch {
    return null;
  }
}

/** What the check reads of a call, as it came in. */
export interface IncomingCall {
  params: Record<string, string>;
  /** the query string as sent, without its `?` */
  query: string;
  body: unknown;
}

/** What the check reads of an answer, once sent. */
export interface SentAnswer {
  status: number;
  headers: HeaderReader;
  /** null: too big to have been kept */
  bytes: Buffer | null;
  head: boolean;
}

/** The page a list call asked for (its parsed currentPage and itemsPerPage), when it names one. */
function askedPage(
  def: EndpointDef,
  query: string,
): { currentPage: number; itemsPerPage: number } | undefined {
  if (!def.paginated) return undefined;
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) values[name] = value;
  const parsed = def.query.safeParse(values);
  if (!parsed.success) return undefined;
  const { currentPage, itemsPerPage } = parsed.data as { currentPage?: unknown; itemsPerPage?: unknown };
  return typeof currentPage === 'number' && typeof itemsPerPage === 'number'
    ? { currentPage, itemsPerPage }
    : undefined;
}

/** Checks a call and then its answer; the violation of both, or null when they hold. */
export function checkCall(def: EndpointDef, call: IncomingCall, strict: boolean) {
  const problems = requestProblems(def, call, { strict });
  return (answer: SentAnswer): ContractViolation | null => {
    answerProblems(def, { ...answer, asked: askedPage(def, call.query) }, { strict }, problems);
    return problems.count === 0 ? null : violationOf(def, problems);
  };
}

/** A violation of the contract from its problems: at most PROBLEMS_SHOWN lines, the others counted. */
export function violationOf(def: EndpointDef | null, problems: Problems | string[]): ContractViolation {
  const lines = Array.isArray(problems) ? problems : problems.list(PROBLEMS_SHOWN);
  return def
    ? { endpoint: def.id, spec: specLine(def), problems: lines }
    : { endpoint: null, problems: lines };
}
