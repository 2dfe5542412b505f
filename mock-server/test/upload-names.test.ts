/**
 * An upload's file name as the browser writes it: UTF-8 bytes in the part's `filename="…"`
 * (RFC 7578 section 4.2). The signal's photo list, the answer and the journal give it back as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);

async function signalWithPhoto(c: Client, name: string) {
  const token = await c.token('signal-agent');
  const created = await c.raw('POST', '/api/signal', {
    token,
    body: { contractId: 1, categoryId: 1, description: 'Éclairage', location: { lat: 47.3, lng: 5.0 } },
  });
  expect(created.status).toBe(201);
  const form = new FormData();
  form.append('photo', new Blob([PNG], { type: 'image/png' }), name);
  const uploaded = await c.raw('POST', `/api/signal/${created.body.id}/photo`, { token, rawBody: form });
  const detail = await c.raw('GET', `/api/signal/${created.body.id}`, { token });
  return { uploaded, detail, signalId: created.body.id as number };
}

describe('upload file names', () => {
  it('keeps a non-ASCII name as sent (answer, photo list, journal)', async () => {
    const c = new Client(server, 'upload-name-utf8');
    const { uploaded, detail, signalId } = await signalWithPhoto(c, 'éclairage-rue.jpg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.fileName).toBe('éclairage-rue.jpg');
    expect(detail.body.photos).toEqual([{ photoId: uploaded.body.photoId, fileName: 'éclairage-rue.jpg' }]);
    const journal = await c.raw('GET', `/__mock/journal?path=/api/signal/${signalId}/photo`);
    expect(journal.body.map((e: { file?: unknown }) => e.file)).toEqual([
      { name: 'éclairage-rue.jpg', type: 'image/png', size: PNG.length },
    ]);
  });

  it('keeps names in other scripts and with emoji', async () => {
    const c = new Client(server, 'upload-name-scripts');
    const { detail } = await signalWithPhoto(c, 'Ölspur_Straße_道路_📷.png');
    expect(detail.body.photos[0].fileName).toBe('Ölspur_Straße_道路_📷.png');
  });

  it('decodes a name given as RFC 5987 filename* too', async () => {
    const c = new Client(server, 'upload-name-star');
    const token = await c.token('signal-agent');
    const created = await c.raw('POST', '/api/signal', {
      token,
      body: { contractId: 1, categoryId: 1, description: 'Trottoir', location: { lat: 47.3, lng: 5.0 } },
    });
    const boundary = 'xBOUNDARYx';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename*=UTF-8''${encodeURIComponent('trottoir-abîmé.png')}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(PNG),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await c.raw('POST', `/api/signal/${created.body.id}/photo`, {
      token,
      rawBody: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.fileName).toBe('trottoir-abîmé.png');
  });
});
