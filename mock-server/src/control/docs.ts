/** The OpenAPI document (the contract's, plus the control API) and a browsable HTML page of it. */
import { z } from 'zod';
import { CONTROL_PREFIX } from '../../control-api/schemas.ts';
import { controlEndpointList } from '../../control-api/endpoints.ts';
import { endpointList } from '@portal/contract/endpoints';
import { openApiDocument } from '@portal/contract/openapi';
import { escapeHtml, page } from '../auth/sso-pages.ts';

type Json = Record<string, unknown>;

/** The control API's rows, as the docs list them: OpenAPI-style paths below /__mock. */
const CONTROL_ROUTES = controlEndpointList.map((def) => ({
  id: def.id,
  method: def.method,
  path: CONTROL_PREFIX + def.path.replace(/:([A-Za-z]+)/g, '{$1}'),
  summary: def.summary,
  body: def.body,
}));

/** The JSON schema of a row's body, for the OpenAPI document (anything zod cannot say: any). */
function bodySchema(body: z.ZodType): Json {
  const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

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
      operationId: `mock_${route.id}`,
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
      ...(route.body
        ? {
            requestBody: {
              required: false,
              content: { 'application/json': { schema: bodySchema(route.body) } },
            },
          }
        : {}),
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
