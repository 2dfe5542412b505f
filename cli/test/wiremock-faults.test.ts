/**
 * The faults WireMock has, set with `portal fault add` / `portal latency` and seen by a plain HTTP
 * client against a running mock: a reset mid-body, a dribbled body, a seeded share of faulted
 * calls, seeded latency distributions.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { json } from './helpers.ts';
import { flags, useRules, type RuleFlags } from './rules.ts';

const { mock, api, run, fault } = useRules();
/** `portal latency` with these options. */
const latency = (options: RuleFlags, ...extra: string[]) => run('latency', ...flags(options), ...extra);
const skill = '/api/skill';

interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** each piece of the body as it arrived, with its time since the headers */
  chunks: { bytes: number; at: number }[];
  body: string;
  /** the error that ended the body, if one did */
  error?: string;
}

/** GET as a persona with node:http (a connection of its own), keeping each piece of the body and how it ended. */
async function receive(path: string, persona = 'agent'): Promise<Received> {
  const token = await api.token(persona);
  return new Promise((resolve, reject) => {
    let received: Received | undefined;
    const failed = (error: NodeJS.ErrnoException) => {
      // an error after the head: the body was cut; before it: no answer at all
      if (received) resolve({ ...received, error: error.code ?? error.message });
      else reject(error);
    };
    const call = request(
      `${mock.url}${path}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const started = performance.now();
        const answer: Received = { status: res.statusCode ?? 0, headers: res.headers, chunks: [], body: '' };
        received = answer;
        res.on('data', (chunk: Buffer) => {
          answer.chunks.push({ bytes: chunk.length, at: performance.now() - started });
          answer.body += chunk.toString();
        });
        res.on('end', () => resolve(answer));
        res.on('error', failed);
      },
    );
    call.on('error', failed);
    call.end();
  });
}

/** The statuses of `count` calls in a row. */
async function statuses(path: string, count: number): Promise<number[]> {
  const token = await api.token('agent');
  const seen: number[] = [];
  for (let i = 0; i < count; i++)
    seen.push((await fetch(`${mock.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).status);
  return seen;
}

describe('portal fault add: a reset mid-body and a dribbled body', () => {
  it('--reset-mid-body: the client gets the status, the headers and part of the body, then an error', async () => {
    const whole = await receive(skill);
    expect(whole.error).toBeUndefined();
    const added = await fault({ path: skill, resetMidBody: true, times: 1 });
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('reset the connection mid-body (1 time)');

    const cut = await receive(skill);
    expect(cut.status).toBe(200);
    expect(Number(cut.headers['content-length'])).toBe(Buffer.byteLength(whole.body));
    expect(cut.body.length).toBeGreaterThan(0);
    expect(cut.body.length).toBeLessThan(whole.body.length);
    expect(whole.body.startsWith(cut.body)).toBe(true);
    expect(cut.error).toBe('ECONNRESET');
    // the journal says a fault rule cut it: no status, dropped
    const [entry] = await api.get('/__mock/journal?limit=1');
    expect(entry).toMatchObject({ outcome: 'dropped', status: null, rule: { kind: 'fault' } });
    // spent: the next call is whole again
    expect((await receive(skill)).body).toBe(whole.body);
  });

  it("--reset-mid-body with --status and --body cuts the rule's own answer", async () => {
    await fault({ path: skill, status: 503, body: '{"message":"unavailable for now"}', resetMidBody: true });
    const cut = await receive(skill);
    expect(cut.status).toBe(503);
    expect('{"message":"unavailable for now"}'.startsWith(cut.body)).toBe(true);
    expect(cut.body.length).toBeLessThan(33);
    expect(cut.error).toBe('ECONNRESET');
  });

  it('--dribble MS: the whole body arrives in several pieces spread over about MS', async () => {
    const added = await fault({ path: skill, dribble: 1200, chunks: 4 });
    expect(added.stdout).toContain('dribble the body over 1200 ms');
    const slow = await receive(skill);
    expect(slow.error).toBeUndefined();
    expect(JSON.parse(slow.body)).toEqual(expect.any(Array));
    expect(slow.chunks.length).toBeGreaterThanOrEqual(3);
    const last = slow.chunks.at(-1)?.at ?? 0;
    expect(last).toBeGreaterThan(1000);
    expect(last).toBeLessThan(3000);
  });

  it('refuses contradictions and bad values with exit 2, adding nothing', async () => {
    const [dropped, chunks, rate, seed, zero] = await Promise.all([
      fault({ path: skill, drop: true, resetMidBody: true }),
      fault({ path: skill, status: 503, chunks: 3 }),
      fault({ path: skill, status: 503, rate: 1.5 }),
      fault({ path: skill, status: 503, seed: 3 }),
      fault({ path: skill, status: 503, rate: 0 }),
    ]);
    for (const result of [dropped, chunks, rate, seed, zero]) expect(result.code).toBe(2);
    expect(dropped.stderr).toContain('--drop sends no answer');
    expect(chunks.stderr).toContain('--chunks goes with --dribble');
    expect(rate.stderr).toContain('expected a number above 0, at most 1');
    expect(seed.stderr).toContain('--seed goes with --rate');
    expect(await api.get('/__mock/faults')).toEqual([]);
  });
});

describe('portal fault add --uplink', () => {
  /** Uploads a photo of `size` bytes to a new signal: the answer's status and its time. */
  async function uploadPhoto(size: number): Promise<{ status: number; ms: number; name: string }> {
    const token = await api.token('signal-agent');
    const created = await fetch(`${mock.url}/api/signal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        contractId: 1,
        categoryId: 1,
        description: 'Uplink',
        location: { lat: 47, lng: 5 },
      }),
    });
    const { id } = (await created.json()) as { id: number };
    const bytes = new Uint8Array(size);
    bytes.set([137, 80, 78, 71, 13, 10, 26, 10]);
    const form = new FormData();
    form.append('photo', new Blob([bytes], { type: 'image/png' }), 'éclairage.png');
    const started = performance.now();
    const answer = await fetch(`${mock.url}/api/signal/${id}/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { fileName } = (await answer.json()) as { fileName: string };
    return { status: answer.status, ms: performance.now() - started, name: fileName };
  }

  it('reads an upload at the given pace; the mock answers once it has every byte', async () => {
    const added = await fault({ method: 'POST', path: '/api/signal/*/photo', uplink: 20_000 });
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('read the upload at 20000 bytes/s');
    const slow = await uploadPhoto(60_000);
    expect(slow).toMatchObject({ status: 201, name: 'éclairage.png' });
    expect(slow.ms).toBeGreaterThan(2_000);
  });

  it('refuses a rate below 100 B/s and an uplink that would also answer (exit 2)', async () => {
    const [low, answering] = await Promise.all([
      fault({ path: '/api/signal/*/photo', uplink: 50 }),
      fault({ path: '/api/signal/*/photo', uplink: 8_000, status: 503 }),
    ]);
    expect(low.code).toBe(2);
    expect(answering.code).toBe(2);
    expect(answering.stderr).toContain('--uplink only slows the upload');
    expect(await api.get('/__mock/faults')).toEqual([]);
  });
});

describe('portal fault add --rate --seed', () => {
  it('faults a share of the calls, and the same seed faults the same calls', async () => {
    const patterns: number[][] = [];
    for (const seed of ['7', '7', '8']) {
      await api.delete('/__mock/faults');
      const added = await fault({ path: skill, status: 503, rate: 0.3, seed });
      expect(added.stdout).toContain(`on 30% of calls (seed ${seed})`);
      patterns.push(await statuses(skill, 30));
    }
    const [first, again, other] = patterns as [number[], number[], number[]];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    const faulted = first.filter((s) => s === 503).length;
    expect(faulted).toBeGreaterThan(2);
    expect(faulted).toBeLessThan(20);
    expect(first.filter((s) => s === 200).length).toBe(30 - faulted);
    // the rule's hits count the faulted calls only
    const [rule] = json(await run('fault', 'list', '--json'));
    expect(rule).toMatchObject({ rate: 0.3, seed: 8 });
  });

  it('draws a seed when none is given, and lists it so the run can be repeated', async () => {
    const rule = json(await fault({ path: skill, status: 503, rate: 0.5 }, '--json'));
    expect(rule.seed).toEqual(expect.any(Number));
    const listed = await run('fault', 'list');
    expect(listed.stdout).toContain(`on 50% of calls (seed ${rule.seed})`);
  });
});

describe('portal latency: distributions', () => {
  /** The time of `count` calls in a row, in milliseconds. */
  async function times(count: number): Promise<number[]> {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await api.api(skill, 'agent')).ms);
    return seen;
  }

  it('--distribution uniform --min --max: every delay within the bounds', async () => {
    const set = await latency({ distribution: 'uniform', min: 60, max: 120, seed: 5 });
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Latency: 60-120 ms, uniform, seed 5');
    // a delay never shortens a call: the client's times hold the lower bound; the upper one is
    // read from the server's own time of each call, which the client's process does not lengthen
    for (const ms of await times(8)) expect(ms).toBeGreaterThanOrEqual(58);
    const calls = json<{ durationMs: number }[]>(
      await run('journal', '--path', skill, '--limit', '8', '--json'),
    );
    expect(calls).toHaveLength(8);
    for (const call of calls) {
      expect(call.durationMs).toBeGreaterThanOrEqual(58);
      expect(call.durationMs).toBeLessThan(250);
    }
  });

  it('--distribution lognormal --median --sigma: the median is about right, the bounds hold', async () => {
    const set = json(
      await latency({ distribution: 'lognormal', median: 80, sigma: 0.4, max: 300, seed: 11 }, '--json'),
    );
    expect(set).toEqual({
      distribution: 'lognormal',
      minMs: 0,
      maxMs: 300,
      medianMs: 80,
      sigma: 0.4,
      seed: 11,
    });
    const seen = (await times(15)).sort((a, b) => a - b);
    const median = seen[7] as number;
    expect(median).toBeGreaterThan(50);
    expect(median).toBeLessThan(160);
    expect(seen.at(-1)).toBeLessThan(300 + 250);
    expect((await run('latency')).stdout).toContain('log-normal: median 80 ms, sigma 0.4, seed 11');
  });

  it('refuses --median without lognormal, lognormal without its numbers, a bad sigma (exit 2)', async () => {
    const [median, missing, sigma, kind] = await Promise.all([
      latency({ median: 100 }),
      latency({ distribution: 'lognormal', median: 100 }),
      latency({ distribution: 'lognormal', median: 100, sigma: 0 }),
      latency({ distribution: 'pareto', min: 1 }),
    ]);
    expect(median.code).toBe(2);
    expect(median.stderr).toContain('--median and --sigma go with --distribution lognormal');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('needs --median MS and --sigma S');
    expect(sigma.code).toBe(2);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('Allowed choices are uniform, lognormal');
  });
});
