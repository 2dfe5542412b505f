/**
 * How the check finds the values of a call: ids harvested from earlier answers, where each path
 * parameter comes from, the query values it knows how to give, and which token may call.
 */
import type { EndpointDef } from '@portal/contract';
import { granted, grantedForContract } from '@portal/contract/permissions';
import type { CheckOptions, Identity, Values } from './types.ts';

/** The page size the check asks for (its paging headers are held against it). */
export const PER_PAGE = 5;

/** Ids found in the answers, for the path parameters of later calls (first answer wins). */
export const harvesters: Record<string, (body: unknown, put: (key: string, value: unknown) => void) => void> =
  {
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
export const probeEveryToken: Record<string, string> = { listUserConfigurations: 'userConfigCode' };
export const sameTokenAs: Record<string, string> = { getUserConfiguration: 'userConfigCode' };

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
export function list(value: unknown): unknown[] {
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

export type Plan =
  { ready: true; url: string; query: Record<string, string> } | { ready: false; reason: string };

export function plan(entry: EndpointDef, o: CheckOptions, v: Values): Plan {
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

export function pickIdentity(
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
