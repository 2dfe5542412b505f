/** The offline geocoder: the French national address API's `/search/?q=` answer, for the mock's municipalities. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningMockServer } from '../src/server.ts';
import { startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

/** The part of api-adresse.data.gouv.fr's answer a map search reads. */
const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  query: z.string(),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({
        label: z.string(),
        score: z.number().min(0).max(1),
        city: z.string(),
        postcode: z.string(),
        type: z.string(),
      }),
    }),
  ),
});

describe('offline geocoder', () => {
  it('finds a municipality without case or accents, with its point and postcode', async () => {
    const answer = await fetch(`${server.url}/geocoder/search/?q=${encodeURIComponent('chenove')}`);
    expect(answer.status).toBe(200);
    const body = featureCollection.parse(await answer.json());
    const [first] = body.features;
    expect(first?.properties).toMatchObject({ city: 'Chenôve', postcode: '21300', label: 'Chenôve 21300' });
    expect(first?.geometry.coordinates).toEqual([5.006, 47.293]);
  });

  it('ranks the best match first and honours limit', async () => {
    const body = featureCollection.parse(
      await (
        await fetch(`${server.url}/geocoder/search/?q=${encodeURIComponent('Dijon 21000')}&limit=1`)
      ).json(),
    );
    expect(body.features).toHaveLength(1);
    expect(body.features[0]?.properties).toMatchObject({ city: 'Dijon', postcode: '21000', score: 1 });
  });

  it('answers an empty collection for an unknown place and a 400 for a too short query', async () => {
    const none = featureCollection.parse(
      await (await fetch(`${server.url}/geocoder/search/?q=zzzzqx`)).json(),
    );
    expect(none.features).toEqual([]);
    const short = await fetch(`${server.url}/geocoder/search/?q=di`);
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toMatch(/q/);
  });
});
