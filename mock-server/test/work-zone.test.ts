/** A public work's zone must stay inside the planner's merged shape (Dijon centre for works-planner). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../src/server.ts';
import { Client } from './helpers.ts';

let server: RunningMockServer;
let client: Client;
beforeAll(async () => {
  server = await startMockServer({ port: 0, quiet: true });
  client = new Client(server);
});
afterAll(() => server.close());

const square = (lng: number, lat: number, d = 0.002) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + d, lat],
      [lng + d, lat + d],
      [lng, lat + d],
      [lng, lat],
    ],
  ],
});
const work = (zone: unknown) => ({
  contractId: 1,
  organizationId: 2,
  title: 'Réfection de trottoir',
  startDate: '2027-03-01',
  endDate: '2027-03-10',
  zone,
});

describe('public work zones', () => {
  it('accepts a zone inside the shape, refuses one that leaves it and changes nothing', async () => {
    const inside = await client.as('works-planner', 'POST', '/api/public-work', work(square(5.04, 47.32)));
    expect(inside.status).toBe(201);
    const before = await client.as('works-planner', 'GET', '/api/public-work?contract=1&itemsPerPage=100');
    const outside = await client.as('works-planner', 'POST', '/api/public-work', work(square(5.052, 47.333)));
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([
      { path: 'zone', message: expect.stringMatching(/leaves your geographic area/) },
    ]);
    const after = await client.as('works-planner', 'GET', '/api/public-work?contract=1&itemsPerPage=100');
    expect(after.body).toHaveLength(before.body.length);

    const moved = await client.as(
      'works-planner',
      'PUT',
      `/api/public-work/${inside.body.id}`,
      work(square(4.9, 47.2)),
    );
    expect(moved.status).toBe(400);
    const kept = await client.as('works-planner', 'GET', `/api/public-work/${inside.body.id}`);
    expect(kept.body.zone).toEqual(square(5.04, 47.32));
  });

  it('refuses a zone whose vertices are all inside a concave shape but whose edge crosses its notch', async () => {
    // every area of contract 1 becomes an L: a bottom bar and a left column, the notch top right
    const l = [
      [
        [5.0, 47.3],
        [5.06, 47.3],
        [5.06, 47.32],
        [5.02, 47.32],
        [5.02, 47.36],
        [5.0, 47.36],
        [5.0, 47.3],
      ],
    ];
    const state = await client.state();
    for (const area of state.tables.areas)
      if (area.contractId === 1) area.geoJson = { type: 'Polygon', coordinates: l } as never;
    expect((await client.raw('PUT', '/__mock/state', { body: state })).status).toBe(200);

    const triangle = {
      type: 'Polygon',
      coordinates: [
        [
          [5.01, 47.35],
          [5.05, 47.31],
          [5.01, 47.31],
          [5.01, 47.35],
        ],
      ],
    };
    const crossing = await client.as('works-planner', 'POST', '/api/public-work', work(triangle));
    expect(crossing.status, crossing.text).toBe(400);
    expect(crossing.body.errors).toEqual([
      {
        path: 'zone',
        message: 'the work zone leaves your geographic area (1 edge(s) crossing its boundary)',
      },
    ]);

    const alongTheBar = {
      type: 'Polygon',
      coordinates: [
        [
          [5.01, 47.305],
          [5.055, 47.305],
          [5.055, 47.315],
          [5.01, 47.315],
          [5.01, 47.305],
        ],
      ],
    };
    expect((await client.as('works-planner', 'POST', '/api/public-work', work(alongTheBar))).status).toBe(
      201,
    );
    const inTheNotch = await client.as(
      'works-planner',
      'POST',
      '/api/public-work',
      work(square(5.04, 47.34)),
    );
    expect(inTheNotch.body.errors?.[0]?.message).toBe(
      'the work zone leaves your geographic area (4 point(s) outside it, 4 edge(s) crossing its boundary)',
    );
  });
});
