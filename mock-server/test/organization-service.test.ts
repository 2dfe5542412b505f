/**
 * The organization service id (portal.md section 6: "the single organization-type entry for that
 * service"): the token info lists, per service, the user's organizations that offer it, and a
 * user's shape for a service held through a single organization is that organization's areas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let c: Client;
let seed: State;

beforeAll(async () => {
  server = await startQuiet();
  c = new Client(server, 'organization-service');
  seed = await c.state();
});
afterAll(async () => server?.close());

/** Two organizations of contract 1 with areas of their own: one offers the service, the other not. */
function twoOrganizations(code: string) {
  const t = seed.tables;
  const offers = (o: (typeof t.organizations)[number]) =>
    o.contractServiceIds.some((id) => {
      const serviceId = t.contractServices.find((cs) => cs.id === id)?.serviceId;
      return t.services.find((s) => s.id === serviceId)?.code === code;
    });
  const inContract = t.organizations.filter((o) => o.contractId === 1 && o.areaIds.length > 0);
  const withIt = inContract.filter(offers).sort((a, b) => a.areaIds.length - b.areaIds.length)[0];
  const without = inContract.find((o) => !offers(o) && o.areaIds.some((a) => !withIt?.areaIds.includes(a)));
  if (!withIt || !without)
    throw new Error(`the default scenario should have both kinds of organization for ${code}`);
  return { withIt, without };
}

describe('the organization service id', () => {
  it("lists the organizations that offer the service, and the shape for it is that organization's areas", async () => {
    const { withIt, without } = twoOrganizations('SIGNAL_NOTIFY');
    const created = await c.raw('POST', '/__mock/personas', {
      body: {
        id: 'two-organizations',
        roles: ['ROLE_SIGNAL_NOTIFY'],
        contractIds: [1],
        organizationIds: [withIt.id, without.id],
      },
    });
    expect(created.status, created.text).toBe(201);
    const userId = (created.body as { userId: number }).userId;

    const info = await c.as('two-organizations', 'GET', '/api/token-check');
    const services = info.body.services as Record<string, { type: string; id: number }[]>;
    expect(services.SIGNAL_NOTIFY?.filter((g) => g.type === 'organization')).toEqual([
      { type: 'organization', id: withIt.id },
    ]);

    const shape = await c.as(
      'two-organizations',
      'GET',
      `/api/user/${userId}/geoshape?serviceCode=SIGNAL_NOTIFY&contractId=1`,
    );
    expect(shape.status, shape.text).toBe(200);
    const areas = (shape.body.features as { properties: { areaId: number } }[]).map(
      (f) => f.properties.areaId,
    );
    expect(areas.sort((a, b) => a - b)).toEqual([...withIt.areaIds].sort((a, b) => a - b));

    // without a service named, the shape covers both organizations
    const all = await c.as('two-organizations', 'GET', `/api/user/${userId}/geoshape?contractId=1`);
    const allAreas = (all.body.features as { properties: { areaId: number } }[]).map(
      (f) => f.properties.areaId,
    );
    expect(allAreas).toEqual(expect.arrayContaining([...withIt.areaIds, ...without.areaIds]));
  });
});
