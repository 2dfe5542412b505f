/**
 * The queue of the reports waiting on the device: order, keys, backoff, the held sign-in, the
 * refused report, and one user's reports never another's.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { keepReport } from './keep-report';
import { backoffDelay, photoKey, sendWaitingReports, type ReportSender } from './report-queue';
import { closeReportStore, deleteReport, reportsOf } from './report-store';

const body = (description: string) => ({
  contractId: 1,
  categoryId: 1,
  description,
  address: '',
  location: { lat: 47.3, lng: 5.04 },
});
const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

interface Sent {
  call: 'signal' | 'photo';
  key: string;
  what: string;
}

/** A server that records every call and answers as `answer` says (throwing fails the call). */
function fakeServer(answer: (sent: Sent) => void = () => undefined) {
  const calls: Sent[] = [];
  let nextId = 100;
  const sender: ReportSender = {
    async createSignal(input, key) {
      const sent: Sent = { call: 'signal', key, what: input.description };
      calls.push(sent);
      answer(sent);
      return { id: nextId++ };
    },
    async uploadPhoto(signalId, file, key) {
      const sent: Sent = { call: 'photo', key, what: `${signalId}/${file.name}` };
      calls.push(sent);
      answer(sent);
      return { photoId: 1 };
    },
  };
  return { calls, sender };
}

let clock = 1_000_000;
const now = () => clock;

beforeEach(async () => {
  clock = 1_000_000;
  for (const user of [1, 2]) for (const r of await reportsOf(user)) await deleteReport(user, r.id);
});
afterEach(async () => {
  await closeReportStore();
});

async function keepThree(): Promise<string[]> {
  const ids: string[] = [];
  for (const name of ['premier', 'deuxième', 'troisième']) {
    clock += 10;
    const originalNow = Date.now;
    Date.now = () => clock;
    try {
      ids.push((await keepReport(1, body(name), [photo(`${name}.png`)])).id);
    } finally {
      Date.now = originalNow;
    }
  }
  return ids;
}

describe('sendWaitingReports', () => {
  it('sends the reports in creation order, each signal before its photos, with the device keys', async () => {
    const ids = await keepThree();
    const server = fakeServer();
    const result = await sendWaitingReports(1, server.sender, { now });
    expect(result).toMatchObject({ sent: 3, waiting: 0, refused: 0 });
    expect(server.calls.map((c) => `${c.call}:${c.what}`)).toEqual([
      'signal:premier',
      'photo:100/premier.png',
      'signal:deuxième',
      'photo:101/deuxième.png',
      'signal:troisième',
      'photo:102/troisième.png',
    ]);
    expect(server.calls.map((c) => c.key)).toEqual(ids.flatMap((id) => [id, photoKey(id, 0)]));
    expect(await reportsOf(1)).toEqual([]);
  });

  it('sends again with the same key after a lost answer, and only what is missing', async () => {
    const [id] = await keepThree();
    let lose = true;
    const server = fakeServer((sent) => {
      if (sent.call === 'photo' && lose) {
        lose = false;
        throw new ApiError(0, 'Network Error');
      }
    });
    const first = await sendWaitingReports(1, server.sender, { now });
    expect(first).toMatchObject({ sent: 0, waiting: 3 });
    expect(first.retryAt).toBe(clock + backoffDelay(1));
    // the signal is not created again: only its photo, under the same key
    const second = await sendWaitingReports(1, server.sender, { now, force: true });
    expect(second.sent).toBe(3);
    const keys = server.calls.map((c) => c.key);
    expect(keys.filter((k) => k === id)).toHaveLength(1);
    expect(keys.filter((k) => k === photoKey(id as string, 0))).toHaveLength(2);
  });

  it('waits for the backoff unless forced', async () => {
    await keepThree();
    const down = fakeServer(() => {
      throw new ApiError(503, 'down');
    });
    await sendWaitingReports(1, down.sender, { now });
    expect(down.calls).toHaveLength(1);
    const up = fakeServer();
    expect((await sendWaitingReports(1, up.sender, { now })).sent).toBe(0);
    clock += backoffDelay(1);
    expect((await sendWaitingReports(1, up.sender, { now })).sent).toBe(3);
  });

  it('holds every report when the token is refused, and sends them after the sign-in', async () => {
    await keepThree();
    const expired = fakeServer(() => {
      throw new ApiError(401, 'Unauthorized');
    });
    const result = await sendWaitingReports(1, expired.sender, { now });
    expect(result.signInNeeded).toBe(true);
    expect((await reportsOf(1)).map((r) => r.state)).toEqual([
      'needs-sign-in',
      'needs-sign-in',
      'needs-sign-in',
    ]);
    const signedIn = fakeServer();
    expect((await sendWaitingReports(1, signedIn.sender, { now, force: true })).sent).toBe(3);
  });

  it('keeps a refused report with the reason, and sends the others', async () => {
    await keepThree();
    const server = fakeServer((sent) => {
      if (sent.call === 'signal' && sent.what === 'deuxième')
        throw new ApiError(400, 'Unknown category 1', {
          errors: [{ path: 'categoryId', message: 'unknown' }],
        });
    });
    const result = await sendWaitingReports(1, server.sender, { now });
    expect(result).toMatchObject({ sent: 2, refused: 1 });
    const [kept] = await reportsOf(1);
    expect(kept).toMatchObject({
      state: 'refused',
      reason: 'Unknown category 1',
      fieldErrors: [{ path: 'categoryId', message: 'unknown' }],
    });
    expect(kept?.body.description).toBe('deuxième');
    // not sent again until corrected
    expect((await sendWaitingReports(1, server.sender, { now, force: true })).sent).toBe(0);
  });

  it("neither lists nor sends another user's reports", async () => {
    await keepThree();
    const server = fakeServer();
    expect(await reportsOf(2)).toEqual([]);
    expect((await sendWaitingReports(2, server.sender, { now })).sent).toBe(0);
    expect(server.calls).toEqual([]);
    const [first] = await reportsOf(1);
    await deleteReport(2, first?.id as string);
    expect(await reportsOf(1)).toHaveLength(3);
  });
});

describe('keepReport', () => {
  it('keeps a corrected report in its place, under a new key, and drops the refused one', async () => {
    const [first, second] = await keepThree();
    const corrected = await keepReport(1, body('deuxième corrigé'), [], { replaces: second });
    const list = await reportsOf(1);
    expect(list.map((r) => r.body.description)).toEqual(['premier', 'deuxième corrigé', 'troisième']);
    expect(corrected.id).not.toBe(second);
    expect(list[0]?.id).toBe(first);
    // its photos kept when none are given again
    expect(list[1]?.photos).toHaveLength(1);
  });
});

describe('a report whose signal exists', () => {
  it('keeps a photo refused after its signal was made, and the correction sends only what is missing', async () => {
    const report = await keepReport(1, body('photo refusée'), [photo('a.png'), photo('b.png')]);
    const server = fakeServer((sent) => {
      if (sent.call === 'photo' && sent.what.endsWith('/a.png'))
        throw new ApiError(415, 'Unsupported media type');
    });
    expect(await sendWaitingReports(1, server.sender, { now })).toMatchObject({ sent: 0, refused: 1 });
    const [kept] = await reportsOf(1);
    expect(kept).toMatchObject({ id: report.id, signalId: 100, state: 'refused', reasonStatus: 415 });
    expect(kept?.photos.map((p) => [p.sent ?? false, p.refused?.status ?? null])).toEqual([
      [false, 415],
      [true, null],
    ]);
    // corrected with another photo: same key, same signal, no second signal, the new photo in third place
    const corrected = await keepReport(1, body('changed on the form'), [photo('c.png')], {
      replaces: report.id,
    });
    expect(corrected.id).toBe(report.id);
    expect(corrected.body.description).toBe('photo refusée');
    const fixed = fakeServer();
    expect((await sendWaitingReports(1, fixed.sender, { now })).sent).toBe(1);
    expect(fixed.calls).toEqual([{ call: 'photo', key: photoKey(report.id, 2), what: '100/c.png' }]);
  });

  it('keeps the key and the body of a report tried without a clear answer', async () => {
    const report = await keepReport(1, body('sans réponse'), []);
    const down = fakeServer(() => {
      throw new ApiError(502, 'Bad Gateway');
    });
    await sendWaitingReports(1, down.sender, { now });
    const edited = await keepReport(1, body('modifié'), [], { replaces: report.id });
    expect(edited).toMatchObject({ id: report.id, body: { description: 'sans réponse' } });
    const up = fakeServer();
    await sendWaitingReports(1, up.sender, { now, force: true });
    expect(up.calls).toEqual([{ call: 'signal', key: report.id, what: 'sans réponse' }]);
  });

  it('waits on a 409 (its key still being answered) instead of refusing the report', async () => {
    await keepReport(1, body('en cours'), []);
    const busy = fakeServer(() => {
      throw new ApiError(409, 'A request with this Idempotency-Key is in progress');
    });
    expect(await sendWaitingReports(1, busy.sender, { now })).toMatchObject({ waiting: 1, refused: 0 });
    expect((await reportsOf(1))[0]?.state).toBe('waiting');
  });

  it('leaves a report the form is sending to the form', async () => {
    const report = await keepReport(1, body('au formulaire'), []);
    const server = fakeServer();
    const result = await sendWaitingReports(1, server.sender, { now, skip: (id) => id === report.id });
    expect(result).toMatchObject({ sent: 0, waiting: 1 });
    expect(server.calls).toEqual([]);
  });

  it('records the last try of a report', async () => {
    await keepReport(1, body('essai'), []);
    await sendWaitingReports(
      1,
      fakeServer(() => {
        throw new ApiError(0, 'Network Error');
      }).sender,
      { now },
    );
    expect((await reportsOf(1))[0]?.lastTryAt).toBe(clock);
  });
});
