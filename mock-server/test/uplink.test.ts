/**
 * The slow uplink fault (`uplinkBytesPerSecond`): an upload's body is read at that pace, the call is
 * answered by the mock once the whole body has arrived, and the photo is kept whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../src/server.ts';
import { slowReader } from '../src/runtime/uplink.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

/** A PNG's signature followed by `size` bytes of filler (the mock checks the signature only). */
const png = (size: number) => {
  const bytes = new Uint8Array(size + 8);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10]);
  for (let i = 8; i < bytes.length; i++) bytes[i] = i % 251;
  return bytes;
};

async function upload(c: Client, bytes: Uint8Array) {
  const token = await c.token('signal-agent');
  const created = await c.raw('POST', '/api/signal', {
    token,
    body: { contractId: 1, categoryId: 1, description: 'Lien lent', location: { lat: 47.3, lng: 5.0 } },
  });
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type: 'image/png' }), 'lent.png');
  const started = performance.now();
  const answer = await c.raw('POST', `/api/signal/${created.body.id}/photo`, { token, rawBody: form });
  return { answer, ms: performance.now() - started, signalId: created.body.id as number };
}

describe('uplinkBytesPerSecond', () => {
  it('reads an upload at the given pace, then the mock answers and keeps every byte', async () => {
    const c = new Client(server, 'uplink-slow');
    const fault = await c.raw('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/api/signal/*/photo', uplinkBytesPerSecond: 20_000 },
    });
    expect(fault.status).toBe(201);
    const bytes = png(60_000);
    const { answer, ms, signalId } = await upload(c, bytes);
    expect(answer.status).toBe(201);
    // 60 KB at 20 KB/s: about 3 s (the first socket buffer may arrive at once)
    expect(ms).toBeGreaterThan(2_000);
    const photo = (await c.state()).tables.signalPhotos.find((p) => p.ownerId === signalId);
    expect(photo?.size).toBe(bytes.length);
    expect(Buffer.from(photo?.data ?? '', 'base64').equals(Buffer.from(bytes))).toBe(true);
    const [entry] = await c
      .raw('GET', `/__mock/journal?path=/api/signal/${signalId}/photo`)
      .then((r) => r.body as { durationMs: number; status: number }[]);
    expect(entry?.status).toBe(201);
    expect(entry?.durationMs).toBeGreaterThan(2_000);
  });

  it('leaves the other calls at full speed', async () => {
    const c = new Client(server, 'uplink-other');
    await c.raw('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/api/industrial-site/*/photo', uplinkBytesPerSecond: 1_000 },
    });
    const { answer, ms } = await upload(c, png(60_000));
    expect(answer.status).toBe(201);
    expect(ms).toBeLessThan(1_500);
  });

  it('refuses a rate below 100 B/s, and a rule that would also answer', async () => {
    const c = new Client(server, 'uplink-bad');
    const slow = await c.raw('POST', '/__mock/faults', {
      body: { path: '/api/**', uplinkBytesPerSecond: 10 },
    });
    expect(slow.status).toBe(400);
    expect(JSON.stringify(slow.body)).toContain('uplinkBytesPerSecond');
    const both = await c.raw('POST', '/__mock/faults', {
      body: { path: '/api/**', uplinkBytesPerSecond: 1_000, status: 503 },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('only slows the upload');
    expect((await c.raw('GET', '/__mock/faults')).body).toEqual([]);
  });
});

describe('slowReader', () => {
  it('passes every byte on, in order, no faster than its rate', async () => {
    const reader = slowReader(10_000);
    const input = Buffer.from(Array.from({ length: 5_000 }, (_, i) => i % 256));
    const out: Buffer[] = [];
    reader.on('data', (piece: Buffer) => out.push(piece));
    const started = performance.now();
    const ended = new Promise((resolve) => reader.on('end', resolve));
    reader.write(input.subarray(0, 1_234));
    reader.end(input.subarray(1_234));
    await ended;
    const ms = performance.now() - started;
    expect(Buffer.concat(out).equals(input)).toBe(true);
    // 5,000 bytes at 10,000 B/s: half a second (the first slice goes at once)
    expect(ms).toBeGreaterThan(400);
    expect(ms).toBeLessThan(2_000);
  });
});
