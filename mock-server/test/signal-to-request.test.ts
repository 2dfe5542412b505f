/**
 * The signal-to-request screen (/demande/signal-vers-demande/:signalId) is granted to the request roles
 * and reads the signal: a request agent without any signal role reads a signal of their contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '@portal/contract/routes';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let c: Client;
let ownSignal: { id: number; contractId: number; description: string };
let otherSignal: { id: number; contractId: number };

beforeAll(async () => {
  server = await startQuiet();
  c = new Client(server, 'signal-to-request');
  const personas = [
    { id: 'requester-only', roles: ['ROLE_REQUEST'], contractIds: [1] },
    { id: 'request-operator-only', roles: ['ROLE_REQUEST_OPERATOR'], contractIds: [1] },
    { id: 'hydro-only', roles: ['ROLE_HYDRO', 'ROLE_USER'], contractIds: [1] },
  ];
  for (const persona of personas) {
    const created = await c.raw('POST', '/__mock/personas', { body: persona });
    if (created.status !== 201) throw new Error(`persona ${persona.id}: ${created.status} ${created.text}`);
  }
  const signals = (await c.state()).tables.signals;
  const own = signals.find((s) => s.contractId === 1);
  const other = signals.find((s) => s.contractId !== 1);
  if (!own || !other) throw new Error('the scenario has signals in contract 1 and in another contract');
  ownSignal = own;
  otherSignal = other;
});
afterAll(async () => server?.close());

const read = (persona: string | null, id: number) => c.as(persona, 'GET', `/api/signal/${id}`);

describe('reading a signal from the signal-to-request screen', () => {
  it('is a screen of the request roles', () => {
    expect(matchRoute('/demande/signal-vers-demande/12')?.rights).toEqual([
      'ROLE_REQUEST',
      'ROLE_REQUEST_OPERATOR',
    ]);
  });

  it('lets a request agent without any signal role read a signal of their contract', async () => {
    for (const persona of ['requester-only', 'request-operator-only', 'request-agent']) {
      const answer = await read(persona, ownSignal.id);
      expect(answer.status, `${persona}: ${answer.text}`).toBe(200);
      expect(answer.body).toMatchObject({ id: ownSignal.id, description: ownSignal.description });
    }
  });

  it('refuses a signal of another contract (403), and a call without token (401)', async () => {
    const other = await read('requester-only', otherSignal.id);
    expect(other.status, other.text).toBe(403);
    expect(other.body.message).toMatch(new RegExp(`contract ${otherSignal.contractId}`));
    const anonymous = await read(null, ownSignal.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/token/i);
  });

  it('still refuses users with neither signal nor request roles', async () => {
    for (const persona of ['agent', 'hydro-only']) {
      const answer = await read(persona, ownSignal.id);
      expect(answer.status, persona).toBe(403);
      expect(answer.body.message).toContain('ROLE_REQUEST');
    }
  });

  it('gives the request roles no other signal right: no status change, no list', async () => {
    const before = await c.stateText();
    const change = await c.as('requester-only', 'PUT', `/api/signal/${ownSignal.id}/status`, {
      status: 'IN_PROGRESS',
    });
    expect(change.status, change.text).toBe(403);
    expect((await c.as('requester-only', 'GET', '/api/signal?contract=1')).status).toBe(403);
    expect(await c.stateText()).toBe(before);
  });
});
