/** Builds the OpenAPI 3.1 document from the endpoint table. */
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_WINDOW_MS, IDEMPOTENT_REPLAYED_HEADER } from './constants.ts';
import { apiError, listFormOf, PAGINATION_HEADERS, type EndpointDef } from './endpoint.ts';
import { endpointList } from './endpoints/index.ts';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  return plainTuples(json) as Json;
}

/**
 * A tuple of identical items (the invitation's `roles: [role]`) as an array of fixed length: zod writes
 * `prefixItems` with `items: false`, which validators that predate prefixItems read as "no item at all".
 */
function plainTuples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainTuples);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = plainTuples(value);
  const prefix = out.prefixItems;
  if (Array.isArray(prefix) && prefix.length > 0 && out.items === false) {
    const first = JSON.stringify(prefix[0]);
    if (prefix.every((item) => JSON.stringify(item) === first)) {
      delete out.prefixItems;
      out.items = prefix[0];
      out.minItems = prefix.length;
      out.maxItems = prefix.length;
    }
  }
  return out;
}

function parameters(def: EndpointDef): Json[] {
  const list: Json[] = [];
  const add = (where: 'path' | 'query', object: z.ZodType) => {
    const shape = (object as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    for (const [name, field] of Object.entries(shape)) {
      const optional = where === 'query' && field.safeParse(undefined).success;
      const schema = schemaOf(field, 'input');
      // a list travels in its declared form: the spec's `name[]` repeated (explode), else comma-joined
      const form = where === 'query' ? listFormOf(field) : undefined;
      list.push({
        name: form === 'brackets' ? `${name}[]` : name,
        in: where,
        required: where === 'path' ? true : !optional,
        ...(form ? { style: 'form', explode: form === 'brackets' } : {}),
        schema: Object.keys(schema).length ? schema : { type: 'string' },
        ...(field.description ? { description: field.description } : {}),
      });
    }
  };
  add('path', def.params);
  add('query', def.query);
  if (def.idempotent) list.push(idempotencyParameter);
  return list;
}

const idempotencyParameter: Json = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description: `A key the client makes once per operation (a UUID), sent again unchanged when it repeats the call because an answer was lost (IETF draft-ietf-httpapi-idempotency-key-header). The same key from the same user within ${IDEMPOTENCY_WINDOW_MS / 3_600_000} hours answers the first result again (with the header ${IDEMPOTENT_REPLAYED_HEADER}: true) and changes nothing; the same key with another body answers 422. A backend that ignores the header still receives one call per operation, unless an answer was lost on the way back.`,
};

const ERROR_TEXT: Record<number, string> = {
  401: 'No valid token',
  404: 'Not found',
  409: 'Conflicts with the current state',
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const def of endpointList) {
    // the document service's calls under /documents: the mock serves them there, and a validator
    // checks them with the document's one server (the real service's address is configured at run time)
    const path = (def.base === 'documents' ? '/documents' : '') + def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const write = def.method !== 'GET';
    const operation: Json = {
      operationId: def.id,
      summary: def.summary,
      ...(def.base === 'documents'
        ? {
            description:
              'A call of the document service: its address is the contract metadata value, otherwise the configured default (`<backend>/documents` with the mock).',
          }
        : {}),
      tags: [def.tag],
      'x-spec-source': def.source,
      ...(def.roles.length ? { 'x-roles': [...def.roles] } : {}),
      ...(def.public ? { security: [] } : {}),
      parameters: parameters(def),
      responses: {
        [String(def.status)]: successResponse(def),
        '400': errorResponse('Invalid input: the errors name each field'),
        ...(def.public
          ? {}
          : {
              '401': errorResponse('No valid token'),
              '403': errorResponse('Not allowed for this user or contract'),
            }),
        // an unknown id, or an unknown contract of a contract-scoped call
        ...(def.scope || Object.keys((def.params as unknown as { shape?: object }).shape ?? {}).length
          ? { '404': errorResponse('Not found') }
          : {}),
        ...(write && !def.public
          ? { '409': errorResponse('Conflicts with the current state (a duplicate, a protected item)') }
          : {}),
        ...(def.idempotent
          ? { '422': errorResponse('The Idempotency-Key was already used with another body') }
          : {}),
        ...Object.fromEntries(
          (def.errors ?? []).map((status) => [
            String(status),
            errorResponse(ERROR_TEXT[status] ?? 'Refused'),
          ]),
        ),
      },
    };
    if (def.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(def.body, 'input') } },
      };
    }
    if (def.upload) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [def.upload.field],
              properties: {
                [def.upload.field]: {
                  type: 'string',
                  format: 'binary',
                  description: `one of ${def.upload.types.join(', ')}`,
                },
              },
            },
          },
        },
      };
      (operation.responses as Json)['413'] = errorResponse('File too large');
      (operation.responses as Json)['415'] = errorResponse('Image type not accepted');
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Territorial services portal backend',
      version: '1.0.0',
      description:
        'The calls the portal makes, as described by the specification. Lists answer a plain JSON array; paging travels in the x-pagination-* headers; pages start at 1.',
      license: { name: 'UNLICENSED', identifier: 'UNLICENSED' },
    },
    servers: [{ url: '/', description: 'the backend base address, from the runtime configuration' }],
    security: [{ bearer: [] }],
    tags: [...new Set(endpointList.map((e) => e.tag))].map((name) => ({
      name,
      description: `${name} calls`,
    })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: schemaOf(apiError, 'output') },
      headers: Object.fromEntries(
        Object.values(PAGINATION_HEADERS).map((name) => [
          name,
          { schema: { type: 'integer' }, description: name },
        ]),
      ),
    },
  };
}

function successResponse(def: EndpointDef): Json {
  if (def.status === 204) return { description: 'Done' };
  if (def.binary) {
    return {
      description: 'The image',
      content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return {
    description: 'Success',
    ...(def.paginated
      ? {
          headers: Object.fromEntries(
            Object.values(PAGINATION_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
          ),
        }
      : {}),
    content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
  };
}
