import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointList, getEndpoint } from '../src/endpoints/index.ts';
import { openApiDocument } from '../src/openapi.ts';

/**
 * Every call of portal.md section 7, written as the spec writes it ({x} for a parameter),
 * and the shapes of territorial-admin.md section 7 with the path chosen for each.
 */
const portalCalls = [
  'GET /api/token-check',
  'GET /api/public/realms',
  'GET /api/metabase/user-token',
  'GET /api/user/contracts',
  'GET /api/contract/{contractId}',
  'GET /api/contracts',
  'POST /api/contract',
  'DELETE /api/contract/{contractId}',
  'GET /api/permissions/admin',
  'GET /api/contract-info',
  'GET /api/contract/{contractId}/siteConfiguration',
  'POST /api/contract/{contractId}/siteConfiguration',
  'PUT /api/contract/{contractId}/siteConfiguration',
  'GET /api/contract/{contractId}/contractService',
  'POST /api/contract/{contractId}/contractService',
  'DELETE /api/contractService/{contractServiceId}',
  'GET /api/user/{userId}',
  'GET /api/contract/{contractId}/user',
  'POST /api/contract/{contractId}/user/role',
  'GET /api/contract/{contractId}/users/organization',
  'DELETE /api/organization/{organizationId}/user/{userId}',
  'DELETE /api/contract/{contractId}/user/{userId}',
  'GET /api/user/{userId}/organizations',
  'GET /api/user/{userId}/area',
  'GET /api/user/{userId}/geoshape',
  'GET /api/user-skill-menu',
  'POST /api/external-apps/configuration',
  'PUT /api/external-apps/configuration/{configurationId}',
  'GET /api/external-apps/configuration/{ownerType}/{ownerId}',
  'GET /api/external-apps/configuration/application/{applicationName}/{ownerType}/{ownerId}',
  'GET /api/user/portal/{portalCode}/configuration',
  'GET /api/user/portal/{portalCode}/configuration/{code}',
  'POST /api/user/portal/{portalCode}/configuration',
  'PUT /api/user/portal/{portalCode}/configuration/{code}',
  'GET /api/contract/{contractId}/organization',
  'POST /api/contract/{contractId}/organization',
  'DELETE /api/organization/{organizationId}',
  'GET /api/category',
  'GET /api/public-work/report/stats',
  'GET /api/thingsboard/dashboards',
  'GET /api/thingsboard/user-token',
  'GET /api/industrial-site',
  'POST /api/industrial-site',
  'GET /api/industrial-site/{siteId}',
  'PUT /api/industrial-site/{siteId}',
  'GET /api/industrial-site/{siteId}/contact',
  'GET /api/industrial-site/{siteId}/contact/{contactId}',
  'POST /api/industrial-site/{siteId}/contact',
  'PUT /api/industrial-site/{siteId}/contact/{contactId}',
  'DELETE /api/industrial-site/{siteId}/contact/{contactId}',
  'POST /api/industrial-site/{siteId}/photo',
  'DELETE /api/industrial-site/{siteId}/photo/{photoId}',
  'GET /api/industrial-site/photo/{photoId}/binary',
  'GET /api/industrial-site/{siteId}/indicator-value',
  'GET /api/indicator-source',
  'POST /api/industrial-site/{siteId}/metadata',
  'DELETE /api/industrial-site/{siteId}/metadata/{metadataId}',
  'GET /api/portalconfiguration/{siteCode}',
  'POST /token/refresh',
];

/** "Declared" calls and territorial-admin.md shapes: the spec names them; the table records the path. */
const declaredCalls: Record<string, string> = {
  'widget statistics': 'GET /api/widget/signal/stats',
  'top signal categories': 'GET /api/widget/signal/top-category',
  "the object's calendar": 'GET /api/object-calendar/{objectType}/{objectId}',
  'events between dates': 'GET /api/calendar/{calendarId}/event',
  'event creation': 'POST /api/calendar/{calendarId}/event',
  'calendar categories': 'GET /api/calendar/{calendarId}/category',
  'areas for a contract': 'GET /api/contract/{contractId}/area',
  'create area': 'POST /api/contract/{contractId}/area',
  'categories per area': 'GET /api/contract/{contractId}/area/category-count',
  'organizations per area': 'GET /api/contract/{contractId}/area/organization-count',
  'delete a contract area': 'DELETE /api/contract/{contractId}/area/{areaId}',
  'get one area': 'GET /api/area/{areaId}',
  'area categories': 'GET /api/area/{areaId}/category',
  'area organizations': 'GET /api/area/{areaId}/organization',
  'administrative divisions': 'GET /api/administrative-division',
  'organization get by id': 'GET /api/organization/{organizationId}',
  'organization update': 'PUT /api/organization/{organizationId}',
  'areas of an organization': 'GET /api/organization/{organizationId}/area',
  'set organization areas': 'PUT /api/organization/{organizationId}/area',
  'delete one organization area': 'DELETE /api/organization/{organizationId}/area/{areaId}',
  'services of an organization': 'GET /api/organization/{organizationId}/service',
  'set organization services': 'PUT /api/organization/{organizationId}/service',
  'delete organization service': 'DELETE /api/organization/{organizationId}/service/{serviceCode}',
  'users of an organization': 'GET /api/organization/{organizationId}/user',
  'user counts for a contract': 'GET /api/contract/{contractId}/organization/user-count',
  'services list': 'GET /api/service',
  'legal entities': 'GET /api/contract/{contractId}/legal-entity',
  'request types': 'GET /api/request-type',
  skills: 'GET /api/skill',
  hydrometry: 'GET /api/hydrometry/site/{siteCode}/measure',
  interventions: 'GET /api/interventions',
  'document notifications': 'GET /api/documents/notifications',
  'last created documents': 'GET /api/documents/last',
  documents: 'GET /api/documents/count',
};

const tableKeys = new Set(endpointList.map((e) => `${e.method} ${e.path.replace(/:([A-Za-z]+)/g, '{$1}')}`));

describe('the endpoint table', () => {
  it.each(portalCalls)('holds the portal.md call %s', (call) => {
    expect(tableKeys.has(call)).toBe(true);
  });

  it.each(Object.entries(declaredCalls))('records a path for the declared call "%s"', (_name, call) => {
    expect(tableKeys.has(call)).toBe(true);
  });

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(endpointList.map((e) => e.id)).size).toBe(endpointList.length);
    expect(tableKeys.size).toBe(endpointList.length);
  });

  it('describes every path parameter', () => {
    for (const def of endpointList) {
      const names = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const shape = Object.keys((def.params as unknown as { shape: object }).shape);
      expect(shape.sort(), def.id).toEqual(names.sort());
    }
  });

  it('keeps only the realm lookup and the token refresh public', () => {
    expect(
      endpointList
        .filter((e) => e.public)
        .map((e) => e.id)
        .sort(),
    ).toEqual(['getRealm', 'refreshToken']);
  });

  it('marks the lists that send pagination headers', () => {
    expect(getEndpoint('listContractUsers').paginated).toBe(true);
    expect(getEndpoint('tokenCheck').paginated).toBe(false);
  });

  it('validates paging from a query string, pages starting at 1', () => {
    const query = getEndpoint('listContractUsers').query;
    expect(query.parse({})).toMatchObject({ currentPage: 1, itemsPerPage: 20 });
    expect(query.parse({ currentPage: '3', itemsPerPage: '9999' })).toMatchObject({
      currentPage: 3,
      itemsPerPage: 9999,
    });
    expect(query.safeParse({ currentPage: '0' }).success).toBe(false);
    expect(query.safeParse({ itemsPerPage: 'abc' }).success).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('is up to date with the table (run npm run openapi -w contract)', () => {
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('documents every endpoint with its operation id', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.sort()).toEqual(endpointList.map((e) => e.id).sort());
  });
});
