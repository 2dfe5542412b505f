/**
 * The contract check: calls every read-only (GET) endpoint of the contract's endpoint table
 * against a backend and compares status, headers and body with the table. It never sends
 * POST, PUT or DELETE: nothing is written to the checked backend.
 */
import { PAGINATION_HEADERS } from '@portal/contract/endpoint';
import { endpointList } from '@portal/contract/endpoints';
import { granted, grantedForContract } from '@portal/contract/permissions';
import { tokenInfo } from '@portal/contract/session';
import type { EndpointDef, TokenInfo } from '@portal/contract';
import type { z } from 'zod';
import { CliError, describeError } from './errors.ts';

const PER_PAGE = 5;

export interface CheckToken {
  /** how the report names it: a persona id, or "token 1" */
  label: string;
  token: string;
}

export interface CheckOptions {
  baseUrl: string;
  /** the document service (base 'documents' endpoints) */
  documentsUrl: string;
  tokens: readonly CheckToken[];
  contractId?: number;
  /** the portal site code (portal configuration, user configurations) */
  siteCode: string;
  /** domain name for the realm lookup */
  domain: string;
  timeoutMs: number;
  /** restrict the report to these endpoint ids (the others are still called to find ids) */
  only?: ReadonlySet<string>;
  onProgress?: (done: number, total: number, id: string) => void;
}

type Outcome = 'pass' | 'fail' | 'skip';

interface CheckResult {
  id: string;
  method: string;
  path: string;
  outcome: Outcome;
  url?: string;
  status?: number;
  /** the answer's content type, without parameters */
  contentType?: string;
  durationMs?: number;
  as?: string;
  problems: string[];
  reason?: string;
}

export interface CheckReport {
  baseUrl: string;
  users: { label: string; email?: string; roles?: string[] }[];
  summary: { passed: number; failed: number; skipped: number };
  /** one line when every call failed the same way ("every call answered 404 text/html: wrong base URL?") */
  diagnosis?: string;
  results: CheckResult[];
}

interface Identity extends CheckToken {
  user?: TokenInfo;
}

type Values = Map<string, string | number>;

/** Ids found in the answers, for the path parameters of later calls (first answer wins). */
const harvesters: Record<string, (body: unknown, put: (key: string, value: unknown) => void) => void> = {
  tokenCheck: (b, put) => put('userId', field(b, 'id')),
  getRealm: (b, put) => put('realm', field(b, 'value')),
  userContracts: (b, put) => put('contractId', field(first(b), 'id')),
  listContracts: (b, put) => put('contractId', field(first(b), 'id')),
  listContractAreas: (b, put) => put('areaId', field(first(b), 'id')),
  listContractOrganizations: (b, put) => put('organizationId', field(first(b), 'id')),
  listContractUsers: (b, put) => put('userId', field(first(b), 'id')),
  listIndustrialSites: (b, put) => {
    put('siteId', field(first(b), 'id'));
    for (const site of list(b)) put('sitePhotoId', field(first(field(site, 'photos')), 'photoId'));
  },
  getIndustrialSite: (b, put) => {
    put('sitePhotoId', field(first(field(b, 'photos')), 'photoId'));
    put('contactId', field(first(field(b, 'contacts')), 'contactId'));
  },
  listSiteContacts: (b, put) => put('contactId', field(first(b), 'contactId')),
  listSignals: (b, put) => {
    put('signalId', field(first(b), 'id'));
    for (const signal of list(b)) put('signalPhotoId', field(first(field(signal, 'photos')), 'photoId'));
  },
  getSignal: (b, put) => put('signalPhotoId', field(first(field(b, 'photos')), 'photoId')),
  listRequests: (b, put) => put('requestId', field(first(b), 'id')),
  listPublicWorks: (b, put) => put('workId', field(first(b), 'id')),
  listCalendars: (b, put) => {
    put('calendarId', field(first(b), 'id'));
    put('calendarObjectType', field(first(b), 'objectType'));
    put('calendarObjectId', field(first(b), 'objectId'));
  },
  hydrometricSites: (b, put) => put('hydroSiteCode', field(first(b), 'code')),
  listAppConfigurations: (b, put) =>
    put(
      'applicationName',
      field(
        list(b).find((c) => field(c, 'id') !== null),
        'name',
      ),
    ),
  listUserConfigurations: (b, put) => put('userConfigCode', field(first(b), 'code')),
};

/** Where a path parameter's value comes from, when it is not simply the value of the same name. */
const paramSources: Record<
  string,
  Record<string, string | ((o: CheckOptions, v: Values) => string | number | undefined)>
> = {
  portalConfiguration: { siteCode: (o) => o.siteCode },
  hydrometricSeries: { siteCode: 'hydroSiteCode' },
  listAppConfigurations: { ownerType: () => 'CONTRACT', ownerId: 'contractId' },
  getAppConfiguration: { ownerType: () => 'CONTRACT', ownerId: 'contractId' },
  listUserConfigurations: { portalCode: (o) => o.siteCode },
  getUserConfiguration: { portalCode: (o) => o.siteCode, code: 'userConfigCode' },
  objectCalendar: { objectType: 'calendarObjectType', objectId: 'calendarObjectId' },
  sitePhotoBinary: { photoId: 'sitePhotoId' },
  signalPhotoBinary: { photoId: 'signalPhotoId' },
};

/**
 * Self-scoped lists whose ids a later call needs: when the first token's user has none, the other
 * tokens are tried in turn, and the later call uses the token that found one.
 */
const probeEveryToken: Record<string, string> = { listUserConfigurations: 'userConfigCode' };
const sameTokenAs: Record<string, string> = { getUserConfiguration: 'userConfigCode' };

/** The endpoint that provides a value, to say why a call was skipped. */
const providers: Record<string, string> = {
  contractId: 'userContracts',
  areaId: 'listContractAreas',
  organizationId: 'listContractOrganizations',
  userId: 'tokenCheck',
  siteId: 'listIndustrialSites',
  contactId: 'listSiteContacts',
  sitePhotoId: 'getIndustrialSite',
  signalId: 'listSignals',
  signalPhotoId: 'listSignals',
  requestId: 'listRequests',
  workId: 'listPublicWorks',
  calendarId: 'listCalendars',
  calendarObjectType: 'listCalendars',
  calendarObjectId: 'listCalendars',
  hydroSiteCode: 'hydrometricSites',
  applicationName: 'listAppConfigurations',
  userConfigCode: 'listUserConfigurations',
  realm: 'getRealm',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}
function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
function first(value: unknown): unknown {
  return list(value)[0];
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Query values the check knows how to give, by parameter name. */
function queryValue(name: string, o: CheckOptions, v: Values): string | number | undefined {
  switch (name) {
    case 'contract':
    case 'contractId':
      return v.get('contractId');
    case 'organizationId':
      return v.get('organizationId');
    case 'idp':
      return v.get('realm');
    case 'domainName':
      return o.domain;
    case 'currentPage':
      return 1;
    case 'itemsPerPage':
      return PER_PAGE;
    case 'startDate':
      return day(-30);
    case 'endDate':
      return day(30);
    default:
      return undefined;
  }
}

function queryKeys(entry: EndpointDef): string[] {
  const shape = (entry.query as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

type Plan = { ready: true; url: string; query: Record<string, string> } | { ready: false; reason: string };

function plan(entry: EndpointDef, o: CheckOptions, v: Values): Plan {
  const params: Record<string, string> = {};
  for (const match of entry.path.matchAll(/:([A-Za-z]+)/g)) {
    const name = match[1] as string;
    const source = paramSources[entry.id]?.[name] ?? name;
    const value = typeof source === 'function' ? source(o, v) : v.get(source);
    if (value === undefined) {
      const key = typeof source === 'string' ? source : name;
      const from = providers[key];
      return { ready: false, reason: `no value for :${name}${from ? ` (${from} gave none)` : ''}` };
    }
    params[name] = String(value);
  }
  // fill what we can; dates only when the endpoint requires them
  const query: Record<string, string> = {};
  for (const key of queryKeys(entry)) {
    if (key === 'startDate' || key === 'endDate') continue;
    const value = queryValue(key, o, v);
    if (value !== undefined) query[key] = String(value);
  }
  let parsed = entry.query.safeParse(query);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const value = queryValue(key, o, v);
      if (value !== undefined && !(key in query)) query[key] = String(value);
    }
    parsed = entry.query.safeParse(query);
  }
  if (!parsed.success) {
    const missing = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '?')))];
    const hints = missing
      .map((m) => (m === 'contract' || m === 'contractId' ? 'contractId' : m))
      .map((m) => providers[m])
      .filter(Boolean);
    return {
      ready: false,
      reason: `no value for query ${missing.join(', ')}${hints.length ? ` (${hints.join(', ')} gave none)` : ''}`,
    };
  }
  const base = entry.base === 'documents' ? o.documentsUrl : o.baseUrl;
  const path = entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] as string),
  );
  const url = new URL(`${base}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return { ready: true, url: url.toString(), query };
}

function pickIdentity(
  entry: EndpointDef,
  identities: readonly Identity[],
  v: Values,
): Identity | { reason: string } {
  const candidates = identities.filter((i) => !i.user || granted(i.user, entry.roles));
  if (candidates.length === 0) {
    return { reason: `no token grants it (needs ${entry.roles.join(' or ')})` };
  }
  const contractId = v.get('contractId');
  if (entry.roles.length && typeof contractId === 'number') {
    const inContract = candidates.find((i) => i.user && grantedForContract(i.user, entry.roles, contractId));
    if (inContract) return inContract;
  }
  return candidates[0] as Identity;
}

/** "[0].contractMetadatas.logo" from a zod issue path. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
}

function schemaProblems(schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  const issues = parsed.error.issues.map((i) => `body${formatPath(i.path)}: ${i.message}`);
  return issues.length > 10
    ? [...issues.slice(0, 10), `… and ${issues.length - 10} more body differences`]
    : issues;
}

function paginationProblems(headers: Headers, body: unknown): string[] {
  const problems: string[] = [];
  const read = (name: string): number | undefined => {
    const raw = headers.get(name);
    if (raw === null) {
      problems.push(`header ${name}: missing`);
      return undefined;
    }
    if (!/^\d+$/.test(raw.trim())) {
      problems.push(`header ${name}: expected a whole number, got "${raw}"`);
      return undefined;
    }
    return Number(raw);
  };
  const total = read(PAGINATION_HEADERS.totalCount);
  const pages = read(PAGINATION_HEADERS.pageCount);
  const current = read(PAGINATION_HEADERS.currentPage);
  const perPage = read(PAGINATION_HEADERS.perPage);
  if (current !== undefined && current !== 1)
    problems.push(`header ${PAGINATION_HEADERS.currentPage}: expected 1 (pages start at 1), got ${current}`);
  if (perPage !== undefined && perPage !== PER_PAGE)
    problems.push(
      `header ${PAGINATION_HEADERS.perPage}: expected ${PER_PAGE} (asked with itemsPerPage), got ${perPage}`,
    );
  if (total !== undefined && pages !== undefined && perPage) {
    const expected = Math.ceil(total / perPage);
    if (pages !== expected && !(total === 0 && pages <= 1)) {
      problems.push(
        `header ${PAGINATION_HEADERS.pageCount}: expected ${expected} for ${total} items by ${perPage}, got ${pages}`,
      );
    }
  }
  if (Array.isArray(body) && total !== undefined && perPage) {
    const expected = Math.min(total, perPage);
    if (body.length !== expected)
      problems.push(
        `body: ${body.length} items on page 1, expected ${expected} (total ${total}, ${perPage} per page)`,
      );
  }
  return problems;
}

interface Call {
  status: number;
  headers: Headers;
  bytes: Buffer;
  durationMs: number;
}

async function call(
  url: string,
  token: string | undefined,
  timeoutMs: number,
  binary = false,
): Promise<Call> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: {
      accept: binary ? 'image/*' : 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    durationMs: Math.round(performance.now() - started),
  };
}

function judge(entry: EndpointDef, answer: Call): { problems: string[]; body: unknown } {
  const problems: string[] = [];
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status < 200 || answer.status > 299) {
    let message = '';
    try {
      const parsed = JSON.parse(answer.bytes.toString('utf8')) as { message?: unknown };
      if (typeof parsed.message === 'string') message = `: ${parsed.message}`;
    } catch {
      // no JSON message
    }
    return {
      problems: [`status: expected ${entry.status}, got ${answer.status}${message}`],
      body: undefined,
    };
  }
  if (answer.status !== entry.status) problems.push(`status: expected ${entry.status}, got ${answer.status}`);
  if (entry.binary) {
    if (!type.startsWith('image/'))
      problems.push(`header content-type: expected an image type, got "${type || 'none'}"`);
    if (answer.bytes.length === 0) problems.push('body: empty image');
    return { problems, body: undefined };
  }
  if (!/json/i.test(type))
    problems.push(`header content-type: expected application/json, got "${type || 'none'}"`);
  let body: unknown;
  try {
    body = JSON.parse(answer.bytes.toString('utf8'));
  } catch {
    const text = answer.bytes.toString('utf8');
    problems.push(
      `body: not valid JSON (${JSON.stringify(text.slice(0, 60))}${text.length > 60 ? '…' : ''})`,
    );
    return { problems, body: undefined };
  }
  problems.push(...schemaProblems(entry.response, body));
  if (entry.paginated) problems.push(...paginationProblems(answer.headers, body));
  return { problems, body };
}

function networkProblem(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `network: no answer in ${timeoutMs} ms`;
  return `network: ${describeError(error)}`;
}

/** Who each token is, from /api/token-check; the first answer is also recorded as its check. */
async function identify(
  o: CheckOptions,
  recordFirst: (answer: Call, url: string, as: string) => unknown,
): Promise<Identity[]> {
  const identities: Identity[] = [];
  for (const [index, t] of o.tokens.entries()) {
    const url = `${o.baseUrl}/api/token-check`;
    let answer: Call;
    try {
      answer = await call(url, t.token, o.timeoutMs);
    } catch (error) {
      throw new CliError(
        `cannot reach the backend at ${o.baseUrl}: ${networkProblem(error, o.timeoutMs).replace(/^network: /, '')}`,
        1,
        ['check --base-url (and that the server is running).'],
      );
    }
    if (answer.status === 401) {
      throw new CliError(
        `the backend at ${o.baseUrl} refused ${t.label} (401 on /api/token-check): the token is invalid or expired`,
        1,
        ['give a fresh token with --token.'],
      );
    }
    const parsed = tokenInfo.safeParse(safeJson(answer.bytes));
    identities.push({ ...t, user: parsed.success ? parsed.data : undefined });
    if (index === 0) recordFirst(answer, url, t.label);
  }
  return identities;
}

/** Runs the check. Throws a CliError when the backend cannot be reached at all. */
export async function checkContract(o: CheckOptions): Promise<CheckReport> {
  const gets = endpointList.filter((e) => e.method === 'GET');
  const tokenEntry = gets.find((e) => e.id === 'tokenCheck');
  const values: Values = new Map();
  if (o.contractId !== undefined) values.set('contractId', o.contractId);
  const results: CheckResult[] = [];
  const identities: Identity[] = [];
  let done = 0;
  const total = gets.length;

  const owners = new Map<string, string>();
  const record = (entry: EndpointDef, answer: Call, url: string, as: string | undefined) => {
    const { problems, body } = judge(entry, answer);
    results.push({
      id: entry.id,
      method: entry.method,
      path: entry.path,
      outcome: problems.length ? 'fail' : 'pass',
      url,
      status: answer.status,
      contentType: (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() || undefined,
      durationMs: answer.durationMs,
      as,
      problems,
    });
    if (body !== undefined) {
      harvesters[entry.id]?.(body, (key, value) => {
        if ((typeof value === 'number' || typeof value === 'string') && value !== '' && !values.has(key)) {
          values.set(key, value);
          if (as) owners.set(key, as);
        }
      });
    }
    return body;
  };

  // who are the tokens? (also the first check: tokenCheck)
  identities.push(
    ...(await identify(o, (answer, url, as) => tokenEntry && record(tokenEntry, answer, url, as))),
  );
  done++;
  o.onProgress?.(done, total, 'tokenCheck');

  let pending = gets.filter((e) => e.id !== 'tokenCheck');
  const waiting = new Map<string, string>();
  let progressed = true;
  while (pending.length && progressed) {
    progressed = false;
    const next: EndpointDef[] = [];
    for (const entry of pending) {
      const p = plan(entry, o, values);
      if (!p.ready) {
        waiting.set(entry.id, p.reason);
        next.push(entry);
        continue;
      }
      let identity: Identity | undefined;
      const owner = sameTokenAs[entry.id] ? owners.get(sameTokenAs[entry.id] as string) : undefined;
      if (owner) identity = identities.find((i) => i.label === owner);
      if (!entry.public && !identity) {
        const picked = pickIdentity(entry, identities, values);
        if ('reason' in picked) {
          results.push({
            id: entry.id,
            method: entry.method,
            path: entry.path,
            outcome: 'skip',
            problems: [],
            reason: picked.reason,
          });
          progressed = true;
          done++;
          o.onProgress?.(done, total, entry.id);
          continue;
        }
        identity = picked;
      }
      try {
        const answer = await call(p.url, identity?.token, o.timeoutMs, entry.binary);
        let kept = { answer, identity };
        const wanted = probeEveryToken[entry.id];
        if (wanted && answer.status === 200 && list(safeJson(answer.bytes)).length === 0) {
          for (const other of identities.filter(
            (i) => i !== identity && (!i.user || granted(i.user, entry.roles)),
          )) {
            const again = await call(p.url, other.token, o.timeoutMs, entry.binary);
            if (again.status === 200 && list(safeJson(again.bytes)).length > 0) {
              kept = { answer: again, identity: other };
              break;
            }
          }
        }
        record(entry, kept.answer, p.url, kept.identity?.label ?? 'public');
      } catch (error) {
        results.push({
          id: entry.id,
          method: entry.method,
          path: entry.path,
          outcome: 'fail',
          url: p.url,
          as: identity?.label ?? 'public',
          problems: [networkProblem(error, o.timeoutMs)],
        });
      }
      progressed = true;
      done++;
      o.onProgress?.(done, total, entry.id);
    }
    pending = next;
  }
  for (const entry of pending) {
    results.push({
      id: entry.id,
      method: entry.method,
      path: entry.path,
      outcome: 'skip',
      problems: [],
      reason: waiting.get(entry.id) ?? 'no value for its parameters',
    });
  }

  const order = new Map(gets.map((e, i) => [e.id, i]));
  const shown = results
    .filter((r) => !o.only || o.only.has(r.id))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const diagnosis = diagnose(results);
  return {
    baseUrl: o.baseUrl,
    users: identities.map((i) => ({ label: i.label, email: i.user?.email, roles: i.user?.roles })),
    summary: {
      passed: shown.filter((r) => r.outcome === 'pass').length,
      failed: shown.filter((r) => r.outcome === 'fail').length,
      skipped: shown.filter((r) => r.outcome === 'skip').length,
    },
    ...(diagnosis ? { diagnosis } : {}),
    results: shown,
  };
}

const LIKELY_CAUSE: Record<number, string> = {
  401: 'is the token valid for this backend?',
  403: 'do the tokens have the roles?',
  404: 'wrong base URL?',
  502: 'is the backend behind the gateway up?',
  503: 'is the backend up?',
};

/** When every call that was made failed the same way, that way in one line. */
function diagnose(results: readonly CheckResult[]): string | undefined {
  const made = results.filter((r) => r.outcome !== 'skip');
  if (made.length < 2 || made.some((r) => r.outcome !== 'fail')) return undefined;
  const first = made[0] as CheckResult;
  if (first.status === undefined) {
    const problem = first.problems[0] ?? '';
    return made.every((r) => r.status === undefined && r.problems[0] === problem)
      ? `every call failed: ${problem}`
      : undefined;
  }
  if (!made.every((r) => r.status === first.status && r.contentType === first.contentType)) return undefined;
  const cause =
    first.contentType === 'text/html' && first.status === 200
      ? 'a web page, not the API: wrong base URL?'
      : (LIKELY_CAUSE[first.status] ?? (first.contentType === 'text/html' ? 'wrong base URL?' : ''));
  return `every call answered ${first.status} ${first.contentType ?? '(no content type)'}${cause ? `: ${cause}` : ''}`;
}

const xml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** The report as JUnit XML: one test case per endpoint, failures with their differences. */
export function junitReport(report: CheckReport): string {
  const { passed, failed, skipped } = report.summary;
  const total = passed + failed + skipped;
  const seconds = (ms?: number) => ((ms ?? 0) / 1000).toFixed(3);
  const cases = report.results.map((r) => {
    const open = `    <testcase classname="contract-check" name="${xml(`${r.id} ${r.method} ${r.path}`)}" time="${seconds(r.durationMs)}"`;
    if (r.outcome === 'skip')
      return `${open}>\n      <skipped message="${xml(r.reason ?? '')}"/>\n    </testcase>`;
    if (r.outcome === 'pass') return `${open}/>`;
    const message = `${r.status ?? 'no answer'}${r.url ? ` ${r.url}` : ''}`;
    return `${open}>\n      <failure message="${xml(message)}">${xml(r.problems.join('\n'))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract-check" tests="${total}" failures="${failed}" skipped="${skipped}">`,
    `  <testsuite name="${xml(`contract-check ${report.baseUrl}`)}" tests="${total}" failures="${failed}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function safeJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Every GET endpoint id, for --only. */
export const readOnlyEndpointIds: readonly string[] = endpointList
  .filter((e) => e.method === 'GET')
  .map((e) => e.id);
