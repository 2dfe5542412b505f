/** Validates path, query and body against the endpoint's zod schemas: 400 { message, errors } on bad input. */
import type { EndpointDef } from '@portal/contract';
import { invalidInput } from '../store/errors.ts';

export interface Validated {
  params: unknown;
  query: unknown;
  body: unknown;
}

export function validateInput(
  def: EndpointDef,
  raw: { params: unknown; query: unknown; body: unknown },
): Validated {
  const params = def.params.safeParse(raw.params);
  if (!params.success) throw invalidInput('Invalid path parameter', params.error);
  const query = def.query.safeParse(raw.query ?? {});
  if (!query.success) throw invalidInput('Invalid query parameter', query.error);
  let body: unknown = undefined;
  if (def.body) {
    const parsed = def.body.safeParse(raw.body);
    if (!parsed.success) throw invalidInput('Invalid request body', parsed.error);
    body = parsed.data;
  }
  return { params: params.data, query: query.data, body };
}
