/**
 * The accepted image types (portal.md section 5: png, jpeg, gif, x-icon, svg+xml, tiff, webp) for
 * signal photos, industrial-site photos and favicons; an SVG is stored sanitised and served so that
 * nothing in it can run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let seed: State;

beforeAll(async () => {
  server = await startQuiet();
  seed = await new Client(server, 'images-seed').state();
});
afterAll(async () => server?.close());

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
  '<script>alert(2)</script><a href="javascript:alert(3)"><circle cx="5" cy="5" r="4" fill="red"/></a>' +
  '<circle cx="5" cy="5" r="2" fill="blue"/></svg>';

async function upload(
  c: Client,
  persona: string,
  path: string,
  bytes: string | Buffer,
  type: string,
  name: string,
) {
  const form = new FormData();
  form.set('photo', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return c.raw('POST', path, { token: await c.token(persona), rawBody: form });
}

const siteOf = (contractId: number) => seed.tables.industrialSites.find((s) => s.contractId === contractId)!;
const signalOf = (contractId: number) => seed.tables.signals.find((s) => s.contractId === contractId)!;

describe('photo uploads take exactly the accepted image types', () => {
  it('stores an SVG site photo without its script, handler or link, and serves it under a policy that runs nothing', async () => {
    const c = new Client(server, 'images-svg-site');
    const site = siteOf(1);
    const answer = await upload(
      c,
      'contract-admin',
      `/api/industrial-site/${site.id}/photo`,
      HOSTILE_SVG,
      'image/svg+xml',
      'plan.svg',
    );
    expect(answer.status, answer.text).toBe(201);
    const photoId = (answer.body as { id?: number; photoId?: number }).id ?? answer.body.photoId;
    const image = await c.as('contract-admin', 'GET', `/api/industrial-site/photo/${photoId}/binary`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(image.text).toContain('fill="blue"');
    expect(image.text).not.toMatch(/script|onload|alert|javascript|href/i);
    expect(image.headers.get('content-security-policy')).toMatch(
      /default-src 'none'; style-src 'unsafe-inline'/,
    );
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('accepts an SVG signal photo (sanitised), a TIFF and a WebP one', async () => {
    const c = new Client(server, 'images-signal');
    const signal = signalOf(1);
    const path = `/api/signal/${signal.id}/photo`;
    const svg = await upload(c, 'signal-agent', path, HOSTILE_SVG, 'image/svg+xml', 'croquis.svg');
    expect(svg.status, svg.text).toBe(201);
    const tiff = await upload(c, 'signal-agent', path, Buffer.from('II*\0'), 'image/tiff', 'scan.tiff');
    expect(tiff.status, tiff.text).toBe(201);
    const webp = await upload(
      c,
      'signal-agent',
      path,
      Buffer.from('RIFF\0\0\0\0WEBP'),
      'image/webp',
      'vue.webp',
    );
    expect(webp.status, webp.text).toBe(201);
    const stored = (await c.state()).tables.signalPhotos.filter((p) => p.ownerId === signal.id);
    const svgRow = stored.find((p) => p.fileName === 'croquis.svg');
    expect(Buffer.from(svgRow?.data ?? '', 'base64').toString()).not.toMatch(/script|onload/i);
    expect(stored.map((p) => p.contentType)).toEqual(
      expect.arrayContaining(['image/svg+xml', 'image/tiff', 'image/webp']),
    );
  });

  it('refuses a text file with a 415 JSON naming the type, the field and the file, storing nothing', async () => {
    const c = new Client(server, 'images-text');
    const signal = signalOf(1);
    const before = (await c.state()).tables.signalPhotos.length;
    const answer = await upload(
      c,
      'signal-agent',
      `/api/signal/${signal.id}/photo`,
      'bonjour',
      'text/plain',
      'notes.txt',
    );
    expect(answer.status).toBe(415);
    expect(answer.headers.get('content-type')).toMatch(/json/);
    expect(answer.body.message).toMatch(/text\/plain/);
    expect(answer.body.message).toContain('notes.txt');
    expect(answer.body.errors).toEqual([{ path: 'photo', message: 'unsupported type' }]);
    expect((await c.state()).tables.signalPhotos.length).toBe(before);
  });

  it('refuses an "SVG" that is no SVG image (400 naming the field)', async () => {
    const c = new Client(server, 'images-not-svg');
    const answer = await upload(
      c,
      'contract-admin',
      `/api/industrial-site/${siteOf(1).id}/photo`,
      '<script>alert(1)</script>',
      'image/svg+xml',
      'x.svg',
    );
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'photo', message: 'invalid image' }]);
  });
});

describe('favicons take exactly the accepted image types', () => {
  const dataUrl = (type: string, text: string) =>
    `data:${type};base64,${Buffer.from(text).toString('base64')}`;
  const save = async (c: Client, faviconOnglet: string) => {
    const path = '/api/contract/1/siteConfiguration';
    const current = await c.as('contract-admin', 'GET', path);
    return c.as('contract-admin', current.status === 200 ? 'PUT' : 'POST', path, {
      documentTitle: 'Portail',
      faviconOnglet,
    });
  };

  it('stores an SVG favicon sanitised, and accepts a TIFF one', async () => {
    const c = new Client(server, 'images-favicon');
    const svg = await save(c, dataUrl('image/svg+xml', HOSTILE_SVG));
    expect(svg.status, svg.text).toBeLessThan(300);
    const stored = String(svg.body.faviconOnglet);
    expect(stored).toMatch(/^data:image\/svg\+xml;base64,/);
    const text = Buffer.from(stored.split(',')[1] ?? '', 'base64').toString();
    expect(text).toContain('fill="blue"');
    expect(text).not.toMatch(/script|onload|alert/i);
    const tiff = await save(c, dataUrl('image/tiff', 'II*\0'));
    expect(tiff.status, tiff.text).toBeLessThan(300);
  });

  it('refuses a text favicon with a 400 naming the field, changing nothing', async () => {
    const c = new Client(server, 'images-favicon-text');
    const before = await c.stateText();
    const answer = await save(c, dataUrl('text/plain', 'hello'));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.errors)).toContain('faviconOnglet');
    expect(await c.stateText()).toBe(before);
  });
});

describe("the contract's theme: colours, logos and tool addresses", () => {
  const dataUrl = (type: string, text: string) =>
    `data:${type};base64,${Buffer.from(text).toString('base64')}`;
  const path = '/api/contract/1/metadata';

  it('stores the colours, an SVG logo sanitised and the tool addresses; GET /api/contract answers them', async () => {
    const c = new Client(server, 'theme-save');
    const answer = await c.as('contract-admin', 'PUT', path, {
      primaryColor: '#123456',
      secondaryColor: '#abcdef',
      primaryLogo: dataUrl('image/svg+xml', HOSTILE_SVG),
      thingsBoardUrl: 'https://things.example.org/',
      openApiUrl: 'https://api.example.org/docs',
    });
    expect(answer.status, answer.text).toBe(200);
    const read = await c.as('contract-admin', 'GET', '/api/contract/1');
    const meta = read.body.contractMetadatas as Record<string, string | null>;
    expect(meta).toMatchObject({
      primaryColor: '#123456',
      secondaryColor: '#abcdef',
      thingsBoardUrl: 'https://things.example.org/',
      openApiUrl: 'https://api.example.org/docs',
    });
    const logo = Buffer.from(String(meta.primaryLogo).split(',')[1] ?? '', 'base64').toString();
    expect(logo).toContain('fill="blue"');
    expect(logo).not.toMatch(/script|onload|alert/i);
    // the secondary logo was left out: it stays
    expect(meta.secondaryLogo).toMatch(/\/assets\/logos\/.+-secondary\.svg$/);
    // null removes a key
    await c.as('contract-admin', 'PUT', path, { openApiUrl: null });
    const after = await c.as('contract-admin', 'GET', '/api/contract/1');
    expect((after.body.contractMetadatas as Record<string, unknown>).openApiUrl ?? null).toBeNull();
  });

  it('refuses a text logo, a colour that is none and a javascript: address with a 400 naming each, changing nothing', async () => {
    const c = new Client(server, 'theme-refused');
    const before = await c.stateText();
    const answer = await c.as('contract-admin', 'PUT', path, {
      primaryLogo: dataUrl('text/plain', 'hello'),
      primaryColor: 'red; background: url(x)',
      openApiUrl: 'javascript:alert(1)',
    });
    expect(answer.status).toBe(400);
    const errors = JSON.stringify(answer.body.errors);
    for (const field of ['primaryLogo', 'primaryColor', 'openApiUrl']) expect(errors).toContain(field);
    expect(await c.stateText()).toBe(before);
  });

  it('is refused to a user who does not administer the contract', async () => {
    const c = new Client(server, 'theme-forbidden');
    expect((await c.as('agent', 'PUT', path, { primaryColor: '#000000' })).status).toBe(403);
    expect((await c.as('contract-admin-2', 'PUT', path, { primaryColor: '#000000' })).status).toBe(403);
  });
});
