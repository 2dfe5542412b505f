/**
 * The endpoint lookup (runtime/route-match.ts) answers the calls express's router answered: a literal
 * segment wins over a parameter, literals ignore case, one trailing slash is ignored, HEAD is a
 * GET without a body, a bad percent-escape in a parameter is a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let client: Client;

beforeAll(async () => {
  server = await startQuiet();
  client = new Client(server, 'dispatch');
});
afterAll(async () => {
  await server.close();
});

describe('finding the endpoint of a call', () => {
  it('prefers a literal segment to a parameter (/api/user/contracts is not the user "contracts")', async () => {
    const answer = await client.as('contract-admin', 'GET', '/api/user/contracts');
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
  });

  it('reads a parameter where no literal matches', async () => {
    const token = await client.token('contract-admin');
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    const answer = await client.as('contract-admin', 'GET', `/api/user/${sub}`);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(Number(sub));
  });

  it('ignores the case of literal segments and one trailing slash', async () => {
    const plain = await client.as('contract-admin', 'GET', '/api/contract/1/organization?itemsPerPage=5');
    const upper = await client.as('contract-admin', 'GET', '/API/Contract/1/ORGANIZATION/?itemsPerPage=5');
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(plain.body);
  });

  it('answers HEAD as GET, with the headers and no body', async () => {
    const token = await client.token('contract-admin');
    const answer = await client.raw('HEAD', '/api/contract/1/organization', { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('x-pagination-total-count')).toMatch(/^\d+$/);
    expect(answer.text).toBe('');
  });

  it('answers 400 naming the parameter for a malformed percent-escape', async () => {
    const answer = await client.as('contract-admin', 'GET', '/api/contract/%E0%A4%A/organization');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'contractId', message: 'malformed percent-encoding' }]);
  });

  it('answers 404 for a path of no endpoint and for a method the path does not have', async () => {
    expect((await client.as('contract-admin', 'GET', '/api/contract/1/nothing-here')).status).toBe(404);
    expect((await client.as('contract-admin', 'PATCH', '/api/contract/1/organization')).status).toBe(404);
  });

  it('sends JSON with its length, in the bytes JSON.stringify gives', async () => {
    const answer = await client.as('contract-admin', 'GET', '/api/contract/1/organization?itemsPerPage=3');
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.text)));
    expect(answer.text).toBe(JSON.stringify(answer.body));
  });
});
