/**
 * One sample call per endpoint of the table, on the default scenario (contract 1): the happy path
 * of the table-driven tests. Ids come from the state, not from guesses.
 */
import { granted } from '@portal/contract/permissions';
import type { EndpointDef, EndpointId } from '@portal/contract';
import { PERSONAS, type State } from '@portal/fixtures';
import type { Call, Client } from './helpers.ts';

export interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | string[]>;
  body?: unknown | ((client: Client) => Promise<unknown>);
  /** persona of the happy path (default: chosen from the roles) */
  persona?: string;
  /** persona refused with 403 (default: chosen from the roles and the scope); null: nobody can be refused */
  forbidden?: string | null;
  /** multipart upload of a PNG */
  upload?: boolean;
  /** runs before the happy path; may replace the path parameters */
  setup?: (client: Client) => Promise<{ params?: Record<string, string | number> }>;
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const tinyPng = (): Buffer => PNG_1x1;

export const rolesOf = (persona: string) => PERSONAS.find((p) => p.id === persona)?.roles ?? [];
const PREFERENCE = [
  'contract-admin',
  'portal-admin',
  'dashboard-all',
  'signal-agent',
  'request-agent',
  'works-planner',
  'doc-agent',
  'hydro-agent',
  'opot-agent',
  'itv-agent',
  'bi-analyst',
  'iot-agent',
  'site-user',
  'calendar-admin',
  'calendar-user',
];

export function happyPersona(def: EndpointDef, sample: Sample): string {
  if (sample.persona) return sample.persona;
  const found = PREFERENCE.find((p) => granted({ roles: rolesOf(p) }, def.roles));
  if (!found) throw new Error(`no persona may call ${def.id}`);
  return found;
}

export function forbiddenPersona(def: EndpointDef, sample: Sample): string | null {
  if (sample.forbidden !== undefined) return sample.forbidden;
  if (def.public) return null;
  if (def.roles.length) return 'agent';
  if (def.scope && def.scope.kind !== 'self') return 'contract-admin-2';
  return null;
}

export function pathOf(def: EndpointDef, params: Record<string, string | number> = {}): string {
  const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? `missing-${name}`)),
  );
  return (def.base === 'documents' ? '/documents' : '') + path;
}

/** The query string; lists as repeated keys, or comma-separated (`commas`: the portal's wire format). */
export function queryString(query: Sample['query'] = {}, commas = false): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (commas && Array.isArray(value)) search.append(key, value.join(','));
    else for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function send(
  client: Client,
  def: EndpointDef,
  sample: Sample,
  persona: string | null,
  override: {
    params?: Record<string, string | number>;
    query?: Sample['query'];
    body?: unknown;
    noBody?: boolean;
    file?: { type: string; bytes: Buffer } | null;
    commas?: boolean;
  } = {},
): Promise<Call> {
  const token = persona ? await client.token(persona) : null;
  const path =
    pathOf(def, override.params ?? sample.params) +
    queryString(override.query ?? sample.query, override.commas ?? false);
  if (def.upload) {
    const form = new FormData();
    const file = override.file === undefined ? { type: 'image/png', bytes: tinyPng() } : override.file;
    if (file)
      form.append(def.upload.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'photo.png');
    return client.raw(def.method, path, { token, rawBody: form });
  }
  let body: unknown = undefined;
  if (!override.noBody) {
    body =
      'body' in override
        ? override.body
        : typeof sample.body === 'function'
          ? await (sample.body as (c: Client) => Promise<unknown>)(client)
          : sample.body;
  }
  return client.raw(def.method, path, { token, ...(body !== undefined ? { body } : {}) });
}

export function buildSamples(s: State): Record<EndpointId, Sample> {
  const t = s.tables;
  const first = <T>(list: T[], what: string): T => {
    const found = list[0];
    if (found === undefined) throw new Error(`the default scenario has no ${what}`);
    return found;
  };
  const c1 = 1;
  const orgs1 = t.organizations.filter((o) => o.contractId === c1);
  const community = first(
    orgs1.filter((o) => o.label === 'Ville de Dijon'),
    'Ville de Dijon',
  );
  const operator = first(
    orgs1.filter((o) => o.type === 'Operator'),
    'operator',
  );
  const area = first(
    t.areas.filter((a) => community.areaIds.includes(a.id)),
    'area of Ville de Dijon',
  );
  const agent = first(
    t.users.filter((u) => u.personaId === 'agent'),
    'agent',
  );
  const generated = first(
    t.users.filter((u) => !u.personaId && u.contractIds.includes(c1) && u.organizationIds.length > 0),
    'generated user',
  );
  const memberOrg = first(generated.organizationIds, 'membership');
  const cs1 = t.contractServices.filter((c) => c.contractId === c1);
  const orgService = t.services.find(
    (sv) => sv.id === t.contractServices.find((c) => c.id === community.contractServiceIds[0])?.serviceId,
  );
  const detached = first(
    t.services.filter((sv) => !cs1.some((c) => c.serviceId === sv.id)),
    'service not in contract 1',
  );
  const powerBi = first(
    t.appConfigurations.filter((a) => a.name === 'POWER_BI' && a.ownerType === 'CONTRACT' && a.owner === c1),
    'POWER_BI configuration',
  );
  const site = first(
    t.industrialSites.filter(
      (x) =>
        x.contractId === c1 &&
        t.sitePhotos.some((p) => p.ownerId === x.id) &&
        t.siteContacts.some((c) => c.siteId === x.id),
    ),
    'site with photos',
  );
  const contact = first(
    t.siteContacts.filter((c) => c.siteId === site.id),
    'contact',
  );
  const photo = first(
    t.sitePhotos.filter((p) => p.ownerId === site.id),
    'photo',
  );
  const metadata = first(
    t.siteMetadata.filter((m) => m.siteId === site.id),
    'metadata',
  );
  const signal = first(
    t.signals.filter((x) => x.contractId === c1 && t.signalPhotos.some((p) => p.ownerId === x.id)),
    'signal with photo',
  );
  const signalPhoto = first(
    t.signalPhotos.filter((p) => p.ownerId === signal.id),
    'signal photo',
  );
  const category = first(
    t.signalCategories.filter((c) => c.contractId === c1),
    'signal category',
  );
  const requestType = first(
    t.requestTypes.filter((r) => r.contractId === c1),
    'request type',
  );
  const draft = first(
    t.requests.filter((r) => r.contractId === c1 && r.status === 'DRAFT' && r.title && r.description),
    'complete draft',
  );
  const submitted = first(
    t.requests.filter((r) => r.contractId === c1 && r.status === 'SUBMITTED'),
    'submitted request',
  );
  const work = first(
    t.publicWorks.filter((w) => w.contractId === c1),
    'public work',
  );
  const calendar = first(
    t.calendars.filter((c) => c.contractId === c1 && c.objectType === 'contract'),
    'contract calendar',
  );
  const calEvent = first(
    t.calendarEvents.filter((e) => e.calendarId === calendar.id),
    'calendar event',
  );
  const calCategory = first(
    t.calendarCategories.filter((c) => c.calendarId === calendar.id),
    'calendar category',
  );
  const hydro = first(
    t.hydroSites.filter((h) => h.contractId === c1),
    'hydrometric site',
  );
  const division = first(
    t.divisions.filter((d) => d.label === 'Talant'),
    'Talant',
  );
  const today = s.today;
  const workBody = {
    contractId: c1,
    organizationId: community.id,
    title: 'Réfection de trottoir',
    description: 'Test',
    currentStatus: 'PLANNED',
    startDate: today,
    endDate: today,
    zone: { type: 'Point', coordinates: [5.04, 47.32] },
    address: 'rue de la Liberté',
  };
  const siteBody = {
    name: 'Nouveau site',
    industrialSiteTypeCode: 'WWTP',
    organizationIds: [community.id],
    geoZoneArea: { geojson: { type: 'Point', coordinates: [5.04, 47.32] } },
  };
  const contactBody = {
    firstName: 'Jeanne',
    lastName: 'Test',
    role: 'Responsable',
    email: 'jeanne@example.org',
    phone: '0380000000',
  };

  return {
    tokenCheck: { forbidden: null },
    getRealm: { query: { domainName: 'localhost' }, forbidden: null },
    metabaseUserToken: { persona: 'bi-analyst' },
    refreshToken: {
      body: async (client: Client) => ({
        refresh_token: (await client.raw('POST', '/__mock/personas/agent/token')).body.refreshToken,
      }),
      forbidden: null,
    },
    userContracts: { forbidden: null },
    getContract: { params: { contractId: c1 } },
    listContracts: { query: { q: 'Dijon' } },
    createContract: { body: { label: 'Contrat de test', contractMetadatas: { primaryColor: '#123456' } } },
    deleteContract: { params: { contractId: 3 } },
    adminPermissions: { forbidden: null },
    contractInfo: { forbidden: null },
    getSiteConfiguration: { params: { contractId: c1 } },
    createSiteConfiguration: {
      params: { contractId: 1 },
      body: { documentTitle: 'Titre' },
      persona: 'portal-admin',
      setup: async (client: Client) => {
        const created = await client.as('portal-admin', 'POST', '/api/contract', {
          label: 'Contrat sans configuration',
        });
        return { params: { contractId: created.body.id } };
      },
    },
    updateSiteConfiguration: {
      params: { contractId: c1 },
      body: { documentTitle: 'Nouveau titre', faviconOnglet: null },
    },
    portalConfiguration: { params: { siteCode: 'portal' }, forbidden: null },
    userSkillMenu: { query: { contractId: c1 }, forbidden: null },

    listContractAreas: { params: { contractId: c1 }, query: { labelFilter: 'secteur' } },
    createContractArea: { params: { contractId: c1 }, body: { divisionIds: [division.id] } },
    areaCategoryCounts: { params: { contractId: c1 }, query: { areas: [String(area.id)] } },
    areaOrganizationCounts: {
      params: { contractId: c1 },
      query: { areas: [String(area.id)], organizationType: 'Operator' },
    },
    renameContractArea: { params: { contractId: c1, areaId: area.id }, body: { label: 'Secteur renommé' } },
    deleteContractArea: { params: { contractId: c1, areaId: area.id } },
    getArea: { params: { areaId: area.id } },
    areaCategories: { params: { areaId: area.id } },
    areaOrganizations: { params: { areaId: area.id }, query: { organizationType: 'Community' } },
    listAdministrativeDivisions: { query: { q: 'dij', countryCode: 'FR' } },
    listCategories: { query: { noParent: true }, forbidden: null },
    listSkills: { forbidden: null },
    listContractOrganizations: { params: { contractId: c1 }, query: { type: 'Operator', q: 'e' } },
    createOrganization: {
      params: { contractId: c1 },
      body: {
        label: 'Nouvel exploitant',
        type: 'Operator',
        startDate: today,
        endDate: '2030-01-01',
        area: [area.id],
        category: [1],
        legalEntity: 'Nouvelle SAS',
      },
    },
    organizationUserCounts: { params: { contractId: c1 }, query: { organizations: [String(memberOrg)] } },
    getOrganization: { params: { organizationId: community.id } },
    updateOrganization: {
      params: { organizationId: operator.id },
      body: { label: 'Exploitant renommé', endDate: '2031-12-31' },
    },
    deleteOrganization: { params: { organizationId: operator.id } },
    organizationAreas: { params: { organizationId: community.id } },
    setOrganizationAreas: { params: { organizationId: community.id }, body: { areaIds: [area.id] } },
    deleteOrganizationArea: { params: { organizationId: community.id, areaId: area.id } },
    organizationServices: { params: { organizationId: community.id } },
    setOrganizationServices: {
      params: { organizationId: community.id },
      body: { contractServiceIds: cs1.slice(0, 2).map((c) => c.id) },
    },
    deleteOrganizationService: {
      params: { organizationId: community.id, serviceCode: orgService?.code ?? 'NONE' },
    },
    organizationUsers: { params: { organizationId: memberOrg } },
    deleteOrganizationUser: { params: { organizationId: memberOrg, userId: generated.id } },
    listLegalEntities: { params: { contractId: c1 }, query: { type: 'Operator' } },

    getUser: { params: { userId: generated.id }, forbidden: 'agent' },
    listContractUsers: { params: { contractId: c1 }, query: { userFilter: 'a', itemsPerPage: 5 } },
    inviteUsers: {
      params: { contractId: c1 },
      body: [
        {
          organizations: [community.id],
          users: [{ email: 'nouvelle.personne@example.org', roles: ['ROLE_USER'] }],
        },
      ],
    },
    userOrganizationCounts: {
      params: { contractId: c1 },
      query: { users: [String(generated.id)], organizationType: 'Community' },
    },
    deleteContractUser: { params: { contractId: c1, userId: generated.id } },
    userOrganizations: { params: { userId: generated.id }, query: { contractId: c1 }, forbidden: 'agent' },
    userAreas: { params: { userId: agent.id }, query: { contractId: c1 }, forbidden: 'signal-agent' },
    userContractsOf: { params: { userId: agent.id }, forbidden: 'signal-agent' },
    userGeoshape: {
      params: { userId: agent.id },
      query: { merged: true, contractId: c1 },
      forbidden: 'signal-agent',
    },

    listServices: { query: { noCategory: false } },
    listContractServices: { params: { contractId: c1 }, query: { serviceLabel: 'a' } },
    createContractServices: { params: { contractId: c1 }, body: { serviceIds: [detached.id] } },
    deleteContractService: { params: { contractServiceId: first(cs1, 'contract service').id } },

    createAppConfiguration: {
      body: { name: 'OPEN_API', owner: c1, ownerType: 'CONTRACT', parameters: { btnLabel: 'API' } },
    },
    updateAppConfiguration: {
      params: { configurationId: powerBi.id },
      body: {
        name: 'POWER_BI',
        owner: c1,
        ownerType: 'CONTRACT',
        parameters: { btnLabel: 'Rapports', authenticationMode: 'masteruser' },
        forceChildConfiguration: true,
      },
    },
    listAppConfigurations: { params: { ownerType: 'CONTRACT', ownerId: c1 } },
    getAppConfiguration: { params: { applicationName: 'POWER_BI', ownerType: 'CONTRACT', ownerId: c1 } },
    listUserConfigurations: {
      params: { portalCode: 'portal' },
      query: { showDeleted: true },
      persona: 'dashboard-all',
      forbidden: null,
    },
    getUserConfiguration: {
      params: { portalCode: 'portal', code: 'portal_configuration' },
      persona: 'dashboard-all',
      forbidden: null,
    },
    createUserConfiguration: {
      params: { portalCode: 'portal' },
      body: { portal: 'portal', code: 'widgets_grid_layout', data: '{"lg":[]}' },
      persona: 'dashboard-all',
      forbidden: null,
    },
    updateUserConfiguration: {
      params: { portalCode: 'portal', code: 'portal_configuration' },
      query: { editDeleted: true },
      body: { portal: 'portal', code: 'portal_configuration', data: '{"current_contract":1}' },
      persona: 'dashboard-all',
      forbidden: null,
    },

    listIndustrialSites: { query: { contractId: c1, orderColumn: 'name' } },
    createIndustrialSite: { query: { contractId: c1 }, body: siteBody },
    getIndustrialSite: { params: { siteId: site.id } },
    updateIndustrialSite: { params: { siteId: site.id }, body: { ...siteBody, name: 'Site renommé' } },
    listSiteContacts: { params: { siteId: site.id } },
    getSiteContact: { params: { siteId: site.id, contactId: contact.id } },
    createSiteContact: { params: { siteId: site.id }, body: contactBody },
    updateSiteContact: {
      params: { siteId: site.id, contactId: contact.id },
      body: { ...contactBody, role: 'Directrice' },
    },
    deleteSiteContact: { params: { siteId: site.id, contactId: contact.id } },
    uploadSitePhoto: { params: { siteId: site.id }, upload: true },
    deleteSitePhoto: { params: { siteId: site.id, photoId: photo.id } },
    sitePhotoBinary: { params: { photoId: photo.id } },
    siteIndicatorValues: {
      params: { siteId: site.id },
      query: {
        typeCodes: site.indicatorTypes.slice(0, 2),
        aggregateType: 'DAY',
        startDate: '2026-06-01',
        endDate: '2026-06-10',
      },
    },
    listIndicatorSources: {},
    createSiteMetadata: { params: { siteId: site.id }, body: { key: 'Capacité', value: '1000 EH' } },
    deleteSiteMetadata: { params: { siteId: site.id, metadataId: metadata.id } },
    mySite: { query: { contractId: c1 }, persona: 'site-user' },

    listSignals: { query: { contract: c1, status: 'NEW' } },
    createSignal: {
      body: {
        contractId: c1,
        categoryId: category.id,
        description: 'Fuite',
        address: 'rue Monge',
        location: { lat: 47.32, lng: 5.04 },
      },
    },
    getSignal: { params: { signalId: signal.id } },
    changeSignalStatus: { params: { signalId: signal.id }, body: { status: 'RESOLVED', comment: 'Réparé' } },
    uploadSignalPhoto: { params: { signalId: signal.id }, upload: true },
    signalPhotoBinary: { params: { photoId: signalPhoto.id } },
    listSignalCategories: { query: { contract: c1 } },
    listRequestTypes: { query: { contract: c1 } },
    listRequests: { query: { contract: c1, status: 'DRAFT' } },
    createRequestDraft: { body: { contractId: c1, requestTypeId: requestType.id, signalId: signal.id } },
    getRequest: { params: { requestId: draft.id } },
    updateRequestDraft: { params: { requestId: draft.id }, body: { title: 'Nouveau titre' } },
    submitRequest: { params: { requestId: draft.id } },
    changeRequestStatus: {
      params: { requestId: submitted.id },
      body: { status: 'IN_PROGRESS', comment: 'Pris en charge' },
    },
    listPublicWorks: { query: { contract: c1, status: 'IN_PROGRESS' } },
    createPublicWork: { body: workBody },
    getPublicWork: { params: { workId: work.id } },
    updatePublicWork: { params: { workId: work.id }, body: { ...workBody, currentStatus: 'SUSPENDED' } },
    publicWorkStats: { query: { contract: c1, statuses: ['PLANNED', 'DONE'] } },
    mapServerSettings: { params: { contractId: c1 }, query: { organizationId: community.id } },
    listCalendars: { query: { contract: c1 } },
    objectCalendar: { params: { objectType: 'contract', objectId: c1 }, forbidden: 'agent' },
    getCalendar: { params: { calendarId: calendar.id } },
    listCalendarEvents: {
      params: { calendarId: calendar.id },
      query: { startDate: '2026-06-01', endDate: '2026-06-30' },
    },
    createCalendarEvent: {
      params: { calendarId: calendar.id },
      body: {
        title: 'Réunion',
        categoryId: calCategory.id,
        startDate: '2026-06-20T09:00:00Z',
        endDate: '2026-06-20T10:00:00Z',
      },
    },
    getCalendarEvent: { params: { calendarId: calendar.id, eventId: calEvent.id } },
    updateCalendarEvent: {
      params: { calendarId: calendar.id, eventId: calEvent.id },
      body: { title: 'Réunion déplacée', startDate: '2026-06-21', endDate: '2026-06-21' },
    },
    deleteCalendarEvent: { params: { calendarId: calendar.id, eventId: calEvent.id } },
    listCalendarCategories: { params: { calendarId: calendar.id } },
    createCalendarCategory: {
      params: { calendarId: calendar.id },
      body: { label: 'Nouvelle', color: '#112233' },
    },
    deleteCalendarCategory: { params: { calendarId: calendar.id, categoryId: calCategory.id } },

    listWidgets: { forbidden: null },
    signalStats: { query: { contract: c1 } },
    signalTopCategories: { query: { contract: c1, length: 3 } },
    requestStats: { query: { contract: c1 } },
    waterCycle: { query: { contract: c1 } },
    waterConformity: { query: { contract: c1 } },
    hydrometricSites: { query: { contract: c1 } },
    hydrometricSeries: { params: { siteCode: hydro.code }, query: { contract: c1, interval: 4, max: 12 } },
    listInterventions: { query: { contract: c1, status: ['ongoing', 'Pla'] } },
    thingsBoardDashboards: {},
    thingsBoardUserToken: {},
    powerBiEmbed: { query: { contract: c1 } },
    documentNotifications: { query: { idp: 'dijon-metropole' } },
    lastDocuments: { query: { idp: 'dijon-metropole', length: 5 } },
    documentCount: { query: { idp: 'dijon-metropole' } },
  };
}
