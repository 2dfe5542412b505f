/**
 * Writes the text of `endpoint-routes.ts` from the endpoint table: the schema-free id → method,
 * path and base map the portal ships instead of the table (test/endpoint-routes.test.ts checks
 * the file against it; `npm run routes -w contract` rewrites it).
 */
import { listFormOf, type EndpointDef } from './endpoint.ts';

/** The query parameters of a row declared as `name[]` lists. */
function bracketed(e: EndpointDef): string[] {
  const shape = (e.query as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape).filter((name) => listFormOf(shape[name]) === 'brackets');
}

export function endpointRoutesSource(table: readonly EndpointDef[]): string {
  const rows = table.map((e) => {
    const extra = [
      e.base === 'documents' ? " base: 'documents'," : '',
      e.binary ? ' binary: true,' : '',
      e.paginated ? ' paginated: true,' : '',
      e.upload ? ' upload: true,' : '',
      bracketed(e).length
        ? ` brackets: [${bracketed(e)
            .map((n) => `'${n}'`)
            .join(', ')}],`
        : '',
    ].join('');
    return `  ${e.id}: { method: '${e.method}', path: '${e.path}',${extra} },`;
  });
  return `/**
 * The endpoint table without its schemas: what the portal's api client needs at run time to send
 * a call (method, path, base address, binary answer, multipart upload, lists sent as \`name[]\`),
 * so that the zod table never ships in the portal. Written by \`npm run routes -w contract\` from
 * src/endpoints; test/endpoint-routes.test.ts fails when it no longer matches the table, and
 * \`satisfies\` fails the typecheck when an id is missing.
 */
import type { EndpointId } from './endpoints/index.ts';
import type { EndpointRoute } from './endpoint.ts';

export type { EndpointRoute };

export const endpointRoutes = {
${rows.join('\n')}
} as const satisfies Record<EndpointId, EndpointRoute>;
`;
}
