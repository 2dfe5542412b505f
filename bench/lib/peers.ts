/**
 * The mock server's peers, each set up to answer the bench's call, a page of 50 users of contract
 * 1, with the same users: json-server (a database file of every user, paged and filtered per call),
 * Stoplight Prism (`prism mock` on the project's OpenAPI document, the page as the operation's
 * example) and Mockoon CLI (one environment, one route answering the page).
 *
 * Each runs as its plain command runs it, its record of every call included (the mock records every
 * call in its journal): json-server and Prism log each call (their output is dropped), Mockoon keeps
 * its transactions for its admin API and logs them. One exception: Mockoon's log file, off (it
 * would be written in the user's home; its cost per call is the same with it, 825-893 against
 * 833-895 us).
 */
import { resolve } from 'node:path';
import { ROOT } from './env.ts';

export const PAGE_SIZE = 50;
/** The users page of the mock, as the portal asks for it. */
export const MOCK_PAGE = `/api/contract/1/user?currentPage=1&itemsPerPage=${PAGE_SIZE}`;
/** The same page from json-server (0.17's paging parameters). */
export const JSON_SERVER_PAGE = `/users?_page=1&_limit=${PAGE_SIZE}`;

type PeerName = 'json-server' | 'Prism' | 'Mockoon CLI';

export interface PeerSetup {
  name: PeerName;
  /** what the server does for each call, for the notes and docs/bench.md */
  perCall: string;
  /** the file it serves, written by the section */
  file: { name: string; content: string };
  /** node arguments; `{port}` and `{file}` are filled in */
  args: string[];
  /** a path answering once the server is up */
  readyPath: string;
  /** the path measured */
  path: string;
}

type OpenApi = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, object> }> }>>;
};

/** The OpenAPI document with `page` as the example of the users list's answer (what Prism answers). */
export function withUsersExample(document: OpenApi, page: readonly unknown[]): OpenApi {
  const copy = structuredClone(document);
  const content = copy.paths['/api/contract/{contractId}/user']?.get?.responses?.['200']?.content;
  const json = content?.['application/json'];
  if (!content || !json) throw new Error('the OpenAPI document has no JSON answer for the users list');
  content['application/json'] = { ...json, example: page };
  return copy;
}

/** A Mockoon environment of one route answering `page` to GET api/contract/:contractId/user. */
export function mockoonEnvironment(page: readonly unknown[]): object {
  const response = {
    uuid: 'users-page',
    body: JSON.stringify(page),
    latency: 0,
    statusCode: 200,
    label: 'a page of users',
    headers: [{ key: 'Content-Type', value: 'application/json' }],
    bodyType: 'INLINE',
    filePath: '',
    databucketID: '',
    sendFileAsBody: false,
    rules: [],
    rulesOperator: 'OR',
    disableTemplating: false,
    fallbackTo404: false,
    default: true,
    crudKey: 'id',
    callbacks: [],
  };
  return {
    uuid: 'bench-environment',
    lastMigration: 33,
    name: 'bench',
    endpointPrefix: '',
    latency: 0,
    port: 3000,
    hostname: '127.0.0.1',
    folders: [],
    routes: [
      {
        uuid: 'users',
        type: 'http',
        documentation: 'Users of a contract, one page',
        method: 'get',
        endpoint: 'api/contract/:contractId/user',
        responses: [response],
        responseMode: null,
        streamingMode: null,
        streamingInterval: 0,
      },
    ],
    rootChildren: [{ type: 'route', uuid: 'users' }],
    proxyMode: false,
    proxyHost: '',
    proxyRemovePrefix: false,
    tlsOptions: {
      enabled: false,
      type: 'CERT',
      pfxPath: '',
      certPath: '',
      keyPath: '',
      caPath: '',
      passphrase: '',
    },
    cors: true,
    headers: [],
    proxyReqHeaders: [],
    proxyResHeaders: [],
    data: [],
    callbacks: [],
  };
}

/** The three peers, given every user of contract 1 and the page of 50 the mock answers. */
export function peerSetups(
  document: OpenApi,
  users: readonly unknown[],
  page: readonly unknown[],
): PeerSetup[] {
  return [
    {
      name: 'json-server',
      perCall:
        'json-server 0.17 (express and lowdb): reads the users array of its database file (held in memory), slices the page, serialises it, logs the call',
      file: { name: 'json-server-db.json', content: JSON.stringify({ users }) },
      args: [
        resolve(ROOT, 'node_modules/json-server/lib/cli/bin.js'),
        '{file}',
        '--port',
        '{port}',
        '--host',
        '127.0.0.1',
      ],
      readyPath: `/users?_limit=1`,
      path: JSON_SERVER_PAGE,
    },
    {
      name: 'Prism',
      perCall:
        "Stoplight Prism 5 (`prism mock`): matches the call to the OpenAPI document's operation, validates the request (parameters, security), answers the operation's example, logs the call",
      file: { name: 'prism-openapi.json', content: JSON.stringify(withUsersExample(document, page)) },
      args: [
        resolve(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js'),
        'mock',
        '{file}',
        '--port',
        '{port}',
        '--host',
        '127.0.0.1',
      ],
      readyPath: MOCK_PAGE,
      path: MOCK_PAGE,
    },
    {
      name: 'Mockoon CLI',
      perCall:
        'Mockoon CLI 9 (express): matches the route, renders the body as a template (none here), keeps the transaction for its admin API and logs it',
      file: { name: 'mockoon-environment.json', content: JSON.stringify(mockoonEnvironment(page)) },
      args: [
        resolve(ROOT, 'node_modules/@mockoon/cli/bin/run.js'),
        'start',
        '--data',
        '{file}',
        '--port',
        '{port}',
        '--hostname',
        '127.0.0.1',
        '--disable-log-to-file',
      ],
      readyPath: MOCK_PAGE,
      path: MOCK_PAGE,
    },
  ];
}
