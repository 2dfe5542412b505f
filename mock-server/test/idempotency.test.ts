/**
 * The Idempotency-Key of the writes a client may send again (contract: `idempotent` endpoints):
 * the same key answers the first result and creates nothing; another body with the same key is a
 * 422; a lost answer (a `dropAnswer` fault) sent again with its key creates one record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS } from '@portal/contract/constants';
import { createDb } from '../src/store/db.ts';
import { keepFirst, replayOf } from '../src/runtime/idempotency.ts';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

const part = (name: string) => new Client(server, name);
const report = (description: string) => ({
  contractId: 1,
  categoryId: 1,
  description,
  location: { lat: 47.3, lng: 5.0 },
});

async function send(c: Client, key: string | null, body: unknown, persona = 'signal-agent') {
  return c.raw('POST', '/api/signal', {
    token: await c.token(persona),
    body,
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

async function signalsNamed(c: Client, description: string): Promise<number> {
  return (await c.state()).tables.signals.filter((s) => s.description === description).length;
}

describe('Idempotency-Key', () => {
  it('answers the first result again and creates nothing', async () => {
    const c = part('idem-same');
    const first = await send(c, 'k-1', report('Hors ligne : banc cassé'));
    const again = await send(c, 'k-1', report('Hors ligne : banc cassé'));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await signalsNamed(c, 'Hors ligne : banc cassé')).toBe(1);
  });

  it('refuses the same key with another body (422, nothing created)', async () => {
    const c = part('idem-other');
    await send(c, 'k-2', report('Lampadaire'));
    const other = await send(c, 'k-2', report('Autre chose'));
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key/);
    expect(await signalsNamed(c, 'Autre chose')).toBe(0);
  });

  it('keeps keys per user, and every call without a key counts', async () => {
    const c = part('idem-users');
    await send(c, 'k-3', report('Tag'));
    await send(c, 'k-3', report('Tag'), 'dashboard-all');
    await send(c, null, report('Tag'));
    await send(c, null, report('Tag'));
    expect(await signalsNamed(c, 'Tag')).toBe(4);
  });

  it('refuses an empty or overlong key (400)', async () => {
    const c = part('idem-bad');
    expect((await send(c, ' ', report('Vide'))).status).toBe(400);
    expect((await send(c, 'x'.repeat(256), report('Long'))).status).toBe(400);
    expect(await signalsNamed(c, 'Vide')).toBe(0);
  });

  it('a photo sent again with its key is attached once', async () => {
    const c = part('idem-photo');
    const created = await send(c, 'k-4', report('Nid-de-poule'));
    const upload = async () => {
      const form = new FormData();
      form.append(
        'photo',
        new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' }),
        'a.png',
      );
      return c.raw('POST', `/api/signal/${created.body.id}/photo`, {
        token: await c.token('signal-agent'),
        rawBody: form,
        headers: { 'Idempotency-Key': 'k-4-photo-0' },
      });
    };
    const first = await upload();
    const again = await upload();
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const photos = (await c.state()).tables.signalPhotos.filter((p) => p.ownerId === created.body.id);
    expect(photos).toHaveLength(1);
  });

  it('a lost answer (dropAnswer fault) sent again with its key leaves one signal', async () => {
    const c = part('idem-lost');
    const fault = await c.raw('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/api/signal', dropAnswer: true, times: 1 },
    });
    expect(fault.status).toBe(201);
    await expect(send(c, 'k-5', report('Perdu'))).rejects.toThrow();
    expect(await signalsNamed(c, 'Perdu')).toBe(1);
    const again = await send(c, 'k-5', report('Perdu'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await signalsNamed(c, 'Perdu')).toBe(1);
  });
});

describe('the keys kept', () => {
  it('forgets a key after 24 hours', () => {
    const db = createDb({} as never);
    keepFirst(db, 1, 'k', 'f', { status: 201, text: '{}' }, 0);
    expect(replayOf(db, 1, 'k', 'f', IDEMPOTENCY_WINDOW_MS - 1)).toEqual({ status: 201, text: '{}' });
    expect(replayOf(db, 1, 'k', 'f', IDEMPOTENCY_WINDOW_MS)).toBeUndefined();
  });
});
