import { describe, expect, it } from 'vitest';
import {
  JSON_SERVER_PAGE,
  MOCK_PAGE,
  mockoonEnvironment,
  peerSetups,
  withUsersExample,
} from '../lib/peers.ts';
import { growth, withContractUsers } from '../lib/user-scale.ts';

const document = {
  paths: {
    '/api/contract/{contractId}/user': {
      get: { responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } } },
    },
  },
};
const page = [
  { id: 1, username: 'a@example.fr', firstName: 'A', lastName: 'B', type: 'AGENT', lastLogin: null },
];

describe('the peers of the mock', () => {
  it('gives Prism the page as the example of the users list, leaving the document as it was', () => {
    const copy = withUsersExample(document, page);
    const json = copy.paths['/api/contract/{contractId}/user']?.get?.responses?.['200']?.content?.[
      'application/json'
    ] as { example: unknown; schema: unknown };
    expect(json.example).toEqual(page);
    expect(json.schema).toEqual({ type: 'array' });
    expect(JSON.stringify(document)).not.toContain('example');
    expect(() => withUsersExample({ paths: {} }, page)).toThrow('no JSON answer for the users list');
  });

  it('gives Mockoon one route answering the page to GET api/contract/:contractId/user', () => {
    const env = mockoonEnvironment(page) as {
      routes: { method: string; endpoint: string; responses: { body: string; statusCode: number }[] }[];
    };
    expect(env.routes).toHaveLength(1);
    expect(env.routes[0]).toMatchObject({ method: 'get', endpoint: 'api/contract/:contractId/user' });
    expect(JSON.parse(env.routes[0]?.responses[0]?.body ?? 'null')).toEqual(page);
  });

  it('asks every peer for a page of 50 users, json-server with its own paging parameters', () => {
    const setups = peerSetups(document, [...page, ...page], page);
    expect(setups.map((s) => s.name)).toEqual(['json-server', 'Prism', 'Mockoon CLI']);
    expect(setups.map((s) => s.path)).toEqual([JSON_SERVER_PAGE, MOCK_PAGE, MOCK_PAGE]);
    expect(MOCK_PAGE).toContain('itemsPerPage=50');
    expect(JSON_SERVER_PAGE).toContain('_limit=50');
    expect(JSON.parse(setups[0]?.file.content ?? '{}').users).toHaveLength(2);
  });

  it('runs each peer as its plain command does, its record of every call on, writing no file outside', () => {
    const args = peerSetups(document, page, page).map((s) => s.args.join(' '));
    for (const quiet of ['--quiet', '--verboseLevel', '--disable-admin-api']) {
      expect(
        args.filter((a) => a.includes(quiet)),
        quiet,
      ).toEqual([]);
    }
    expect(args[2]).toContain('--disable-log-to-file');
  });
});

describe('the users search from 1,250 to 20,000 users', () => {
  const user = (id: number, contractIds: number[], personaId: string | null = null) => ({
    id,
    email: `u${id}@example.fr`,
    contractIds,
    personaId,
  });
  const state = {
    tables: {
      users: [user(1, [1], 'contract-admin'), user(2, [1]), user(3, [2]), user(4, [1]), user(5, [1, 2])],
    },
    other: 'kept',
  };

  it('keeps the personas and the other contracts, trims or copies the plain users of contract 1', () => {
    const fewer = withContractUsers(state, 2);
    expect(fewer.tables.users.map((u) => u.id)).toEqual([1, 2, 3]);
    const more = withContractUsers(state, 7);
    const inContract = more.tables.users.filter((u) => u.contractIds.includes(1));
    expect(inContract).toHaveLength(7);
    expect(new Set(more.tables.users.map((u) => u.id)).size).toBe(more.tables.users.length);
    expect(new Set(more.tables.users.map((u) => u.email)).size).toBe(more.tables.users.length);
    expect(more.other).toBe('kept');
  });

  it('says how the cost grew against the users', () => {
    expect(
      growth([
        { users: 1250, cpuUs: 100 },
        { users: 20000, cpuUs: 180 },
      ]),
    ).toEqual({ cost: 1.8, users: 16 });
    expect(growth([{ users: 1250, cpuUs: 100 }])).toBeNull();
  });
});
