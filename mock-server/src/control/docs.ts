/** The OpenAPI document (the contract's, plus the control API) and a browsable HTML page of it. */
import { endpointList, openApiDocument } from '@portal/contract';
import { escapeHtml, page } from '../auth/sso-pages.ts';

type Json = Record<string, unknown>;

const CONTROL_ROUTES: readonly { method: string; path: string; summary: string }[] = [
  { method: 'GET', path: '/__mock/health', summary: '200 {status, scenario, seed} once ready' },
  { method: 'GET', path: '/__mock/scenarios', summary: 'The scenarios: [{name, description}]' },
  {
    method: 'POST',
    path: '/__mock/scenarios/{name}',
    summary: 'Load a scenario (query seed optional); answers once loaded: {name, seed, loadMs}',
  },
  { method: 'POST', path: '/__mock/reset', summary: 'Reload the current scenario with its seed' },
  { method: 'GET', path: '/__mock/state', summary: 'Export the whole state as JSON' },
  { method: 'PUT', path: '/__mock/state', summary: 'Import a state exported by GET /__mock/state' },
  {
    method: 'GET',
    path: '/__mock/personas',
    summary: 'Personas: [{id, email, firstName, lastName, roles, contractIds, description}]',
  },
  {
    method: 'POST',
    path: '/__mock/personas',
    summary:
      'Create an ad-hoc persona {id?, firstName?, lastName?, email?, roles, contractIds, organizationIds?} (201)',
  },
  {
    method: 'POST',
    path: '/__mock/personas/{id}/token',
    summary: 'Mint a token: {token, refreshToken, expiresAt}; body {ttlSeconds?} optional',
  },
  {
    method: 'GET',
    path: '/__mock/users/{idOrEmail}/roles',
    summary: "A user's roles: {userId, email, roles}",
  },
  {
    method: 'PATCH',
    path: '/__mock/users/{idOrEmail}/roles',
    summary: 'Change roles: {set?, add?, remove?}',
  },
  {
    method: 'GET',
    path: '/__mock/proxy',
    summary: 'Hybrid mode: {target, paths, unknown, record, hasToken, recorded}',
  },
  {
    method: 'PUT',
    path: '/__mock/proxy',
    summary: 'Set it: {target (URL or null), paths? (globs), unknown?, record?, token?}',
  },
  { method: 'GET', path: '/__mock/proxy/recordings', summary: 'Recorded answers, as stubs (masked)' },
  { method: 'DELETE', path: '/__mock/proxy/recordings', summary: 'Forget the recorded answers' },
  {
    method: 'GET',
    path: '/__mock/partitions',
    summary: 'The state partitions: name, scenario, seed, rules, lastUsed (most recent first)',
  },
  {
    method: 'DELETE',
    path: '/__mock/partitions/{name}',
    summary: "Forget a partition ('default' cannot go)",
  },
  {
    method: 'GET',
    path: '/__mock/rules',
    summary:
      'Stubs and faults in the order they are tried (priority, then newest first), with hits and hiddenBy',
  },
  { method: 'GET', path: '/__mock/faults', summary: 'Fault rules, with hits and hiddenBy' },
  {
    method: 'POST',
    path: '/__mock/faults',
    summary:
      'Add a fault rule {method?, path (glob), query?, headers?, bodyFields?, persona?, priority?, status?, body?, delayMs?, drop?, dropAnswer?, malformed?, times?, sequence?} (201, with warnings)',
  },
  { method: 'DELETE', path: '/__mock/faults', summary: 'Remove every fault rule' },
  { method: 'DELETE', path: '/__mock/faults/{id}', summary: 'Remove one fault rule' },
  { method: 'GET', path: '/__mock/stubs', summary: 'Response overrides (stubs), with hits and hiddenBy' },
  {
    method: 'POST',
    path: '/__mock/stubs',
    summary:
      'Add a stub {method?, path (glob), query?, headers?, bodyFields?, persona?, priority?, status?, responseHeaders?, body?, delayMs?, times?, sequence?} (201, with warnings)',
  },
  { method: 'DELETE', path: '/__mock/stubs', summary: 'Remove every stub' },
  { method: 'DELETE', path: '/__mock/stubs/{id}', summary: 'Remove one stub' },
  {
    method: 'GET',
    path: '/__mock/journal/capture',
    summary: 'What the journal keeps besides each call line: {headers, bodies} (off by default)',
  },
  {
    method: 'PUT',
    path: '/__mock/journal/capture',
    summary:
      'Opt in or out: {headers?: boolean, bodies?: boolean} (tokens, cookies and personal fields masked)',
  },
  { method: 'GET', path: '/__mock/latency', summary: 'The latency profile {minMs, maxMs}' },
  {
    method: 'PUT',
    path: '/__mock/latency',
    summary: "Set the latency: {minMs, maxMs} or {profile: 'none'|'fast'|'slow'|'flaky'}",
  },
  {
    method: 'GET',
    path: '/__mock/journal',
    summary: 'Calls received, newest last; filters path (glob), status, persona, method, limit, since',
  },
  { method: 'DELETE', path: '/__mock/journal', summary: 'Clear the journal' },
  { method: 'GET', path: '/__mock/journal/stream', summary: 'Server-sent events: one data line per call' },
  { method: 'GET', path: '/__mock/openapi.json', summary: 'This OpenAPI document' },
  { method: 'GET', path: '/__mock/docs', summary: 'A browsable page of the API' },
];

export function mockOpenApi(origin: string): Json {
  const doc = openApiDocument();
  const paths = { ...(doc.paths as Record<string, Record<string, Json>>) };
  for (const route of CONTROL_ROUTES) {
    const entry = (paths[route.path] ??= {});
    const params = [...route.path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    entry[route.method.toLowerCase()] = {
      operationId: `mock_${route.method.toLowerCase()}_${route.path.replace(/[^A-Za-z]+/g, '_')}`,
      summary: route.summary,
      tags: ['Mock control'],
      security: [],
      parameters: [
        ...params,
        {
          name: 'x-mock-partition',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: 'The state partition',
        },
      ],
      responses: { '200': { description: 'OK' }, '400': { description: 'Bad input' } },
    };
  }
  return { ...doc, servers: [{ url: origin }], paths };
}

export function docsPage(): string {
  const byTag = new Map<string, string[]>();
  for (const def of endpointList) {
    const roles = def.public ? 'public' : def.roles.length ? def.roles.join(', ') : 'any signed-in user';
    const path = (def.base === 'documents' ? '/documents' : '') + def.path;
    const row = `<tr><td><code>${def.method}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(def.summary)}${def.paginated ? ' <em>(paginated)</em>' : ''}</td><td>${escapeHtml(roles)}</td></tr>`;
    byTag.set(def.tag, [...(byTag.get(def.tag) ?? []), row]);
  }
  const control = CONTROL_ROUTES.map(
    (r) =>
      `<tr><td><code>${r.method}</code></td><td><code>${escapeHtml(r.path)}</code></td><td>${escapeHtml(r.summary)}</td><td>control</td></tr>`,
  ).join('');
  const head =
    '<thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What</th><th scope="col">Roles</th></tr></thead>';
  const sections = [...byTag.entries()]
    .map(([tag, list]) => `<h2>${escapeHtml(tag)}</h2><table>${head}<tbody>${list.join('')}</tbody></table>`)
    .join('');
  return page(
    'Mock server API',
    `<style>table{border-collapse:collapse;width:100%;background:#fff}td,th{border:1px solid #d0d7de;padding:.35rem .5rem;text-align:left;vertical-align:top;font-size:.9rem}</style>
<h1>Mock server API</h1><p>${endpointList.length} endpoints of the contract, and the control API. Machine-readable: <a href="/__mock/openapi.json">/__mock/openapi.json</a>.
Lists send <code>x-pagination-total-count</code>, <code>x-pagination-page-count</code>, <code>x-pagination-current-page</code>, <code>x-pagination-per-page</code>; errors are <code>{message, errors?: [{path, message}]}</code>.</p>
${sections}<h2>Mock control</h2><table>${head}<tbody>${control}</tbody></table>`,
  );
}
