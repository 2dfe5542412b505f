import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeocoderError, parseAddresses, searchAddresses } from './geocoder';

const answer = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [5.0415, 47.322] },
      properties: { label: '1 Place de la Libération 21000 Dijon', score: 0.9 },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: ['x', 1] }, properties: { label: 'broken' } },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [5, 47] }, properties: {} },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the geocoder client (the national address API format)', () => {
  it('reads the addresses with their point and a box around it, and leaves out what is not one', () => {
    const [first, ...rest] = parseAddresses(answer);
    expect(rest).toEqual([]);
    expect(first?.label).toBe('1 Place de la Libération 21000 Dijon');
    expect(first?.lat).toBe(47.322);
    expect(first?.lng).toBe(5.0415);
    expect(first?.bounds[0][0]).toBeLessThan(47.322);
    expect(first?.bounds[1][1]).toBeGreaterThan(5.0415);
  });

  it('refuses an answer that is not a FeatureCollection', () => {
    expect(() => parseAddresses({ message: 'oops' })).toThrow(GeocoderError);
    expect(() => parseAddresses(null)).toThrow(GeocoderError);
  });

  it('asks /search/?q= with a limit, and nothing under 3 characters', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchAddresses('  di ')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    const found = await searchAddresses('place de la libération dijon');
    expect(found).toHaveLength(1);
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(url.pathname.endsWith('/search/')).toBe(true);
    expect(url.searchParams.get('q')).toBe('place de la libération dijon');
    expect(url.searchParams.get('limit')).toBe('5');
  });

  it('says a failed geocoder is one (an error status, no answer)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await expect(searchAddresses('Dijon')).rejects.toBeInstanceOf(GeocoderError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(searchAddresses('Dijon')).rejects.toBeInstanceOf(GeocoderError);
  });
});
