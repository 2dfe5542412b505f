/**
 * An answer against its endpoint: the status (the success status, or an error status the
 * contract declares), the headers (content type, paging), the body (the response schema for a
 * success, the error body for a 4xx or 5xx) and, in strict mode, the fields the contract does not
 * name. Server errors (5xx) may come from any call; their body is still the error body.
 */
import { apiError, PAGINATION_HEADERS, type EndpointDef } from '../endpoint.ts';
import { Problems } from './problems.ts';
import type { CheckOptions } from './request.ts';
import { schemaProblems } from './schema-walk.ts';

/** Reads an answer's header by its lower-case name: fetch's `Headers`, express's `getHeader`. */
export type HeaderReader = (name: string) => string | null | undefined;

export interface AnswerInput {
  status: number;
  headers: HeaderReader;
  /** the body's bytes; null when they were not kept (too big to check) */
  bytes: Uint8Array | null;
  /** the page asked, for the paging headers (absent: only their form and sum are checked) */
  asked?: { currentPage: number; itemsPerPage: number };
  /** answered to a HEAD: no body */
  head?: boolean;
}

/** The statuses an endpoint declares: its success, then the errors of its kind (openapi.ts writes them). */
export function declaredStatuses(def: EndpointDef): number[] {
  const hasParams = Object.keys((def.params as unknown as { shape?: object }).shape ?? {}).length > 0;
  const statuses = new Set<number>([def.status, 400]);
  if (!def.public) for (const status of [401, 403]) statuses.add(status);
  if (def.scope || hasParams) statuses.add(404);
  if (def.method !== 'GET' && !def.public) statuses.add(409);
  if (def.idempotent) statuses.add(422);
  for (const status of def.errors ?? []) statuses.add(status);
  if (def.upload) for (const status of [413, 415]) statuses.add(status);
  return [...statuses];
}

const decoder = new TextDecoder();

/** The JSON of a body, or the problem of reading it. */
function readJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(decoder.decode(bytes)) as unknown };
  } catch {
    return { ok: false };
  }
}

const mediaType = (type: string): string => (type.split(';')[0] ?? '').trim().toLowerCase();
const isJsonType = (type: string): boolean => /^application\/([\w.+-]+\+)?json$/.test(mediaType(type));

/** The paging headers of a list answer, against each other, the page asked and the body. */
export function pagingProblems(
  headers: HeaderReader,
  body: unknown,
  asked: AnswerInput['asked'],
  problems = new Problems(),
): Problems {
  const read = (name: string): number | undefined => {
    const raw = headers(name);
    if (raw === null || raw === undefined) {
      problems.add('answer header', name, 'missing (a paged list sends the four x-pagination-* headers)');
      return undefined;
    }
    if (!/^\d+$/.test(String(raw).trim())) {
      problems.add('answer header', name, `expected a whole number, got "${String(raw)}"`);
      return undefined;
    }
    return Number(raw);
  };
  const total = read(PAGINATION_HEADERS.totalCount);
  const pages = read(PAGINATION_HEADERS.pageCount);
  const current = read(PAGINATION_HEADERS.currentPage);
  const perPage = read(PAGINATION_HEADERS.perPage);
  if (current !== undefined && asked && current !== asked.currentPage)
    problems.add(
      'answer header',
      PAGINATION_HEADERS.currentPage,
      `expected ${asked.currentPage} (asked with currentPage; pages start at 1), got ${current}`,
    );
  if (current === 0) problems.add('answer header', PAGINATION_HEADERS.currentPage, 'pages start at 1, got 0');
  if (perPage !== undefined && asked && perPage !== asked.itemsPerPage)
    problems.add(
      'answer header',
      PAGINATION_HEADERS.perPage,
      `expected ${asked.itemsPerPage} (asked with itemsPerPage), got ${perPage}`,
    );
  if (total !== undefined && pages !== undefined && perPage) {
    const expected = Math.ceil(total / perPage);
    if (pages !== expected && !(total === 0 && pages <= 1))
      problems.add(
        'answer header',
        PAGINATION_HEADERS.pageCount,
        `expected ${expected} for ${total} items by ${perPage}, got ${pages}`,
      );
  }
  if (Array.isArray(body) && total !== undefined && perPage && current) {
    const expected = Math.max(0, Math.min(perPage, total - (current - 1) * perPage));
    if (body.length !== expected)
      problems.add(
        'answer paging',
        '',
        `${body.length} items on page ${current}, expected ${expected} (total ${total}, ${perPage} per page)`,
      );
  }
  return problems;
}

/** The differences of an answer from its endpoint. */
export function answerProblems(
  def: EndpointDef,
  answer: AnswerInput,
  options: CheckOptions,
  problems = new Problems(),
): Problems {
  const { status } = answer;
  const success = status >= 200 && status < 300;
  const failure = status >= 400 && status < 600;
  if (success && status !== def.status)
    problems.add('answer status', '', `expected ${def.status}, got ${status}`);
  else if (status >= 400 && status < 500 && !declaredStatuses(def).includes(status))
    problems.add(
      'answer status',
      '',
      `${status} is not declared for this call (declared: ${declaredStatuses(def).join(', ')})`,
    );
  if (!success && !failure) return problems;
  const bytes = answer.bytes;
  if (bytes === null || answer.head) return problems;
  const type = String(answer.headers('content-type') ?? '');
  if (status === 204 || (success && def.status === 204)) {
    if (bytes.length > 0)
      problems.add('answer body', '', `${bytes.length} bytes where the contract answers none`);
    return problems;
  }
  if (success && def.binary) {
    if (!mediaType(type).startsWith('image/'))
      problems.add('answer header', 'content-type', `expected an image type, got "${type || 'none'}"`);
    if (bytes.length === 0) problems.add('answer body', '', 'empty image');
    return problems;
  }
  // a failure answers the error body { message, errors? }; a success its response schema
  if (bytes.length === 0) {
    problems.add(
      'answer body',
      '',
      success ? 'empty, the contract answers JSON' : 'empty, an error answers { message }',
    );
    return problems;
  }
  if (!isJsonType(type))
    problems.add('answer header', 'content-type', `expected application/json, got "${type || 'none'}"`);
  const json = readJson(bytes);
  if (!json.ok) {
    const text = decoder.decode(bytes.subarray(0, 60));
    problems.add(
      'answer body',
      '',
      `not valid JSON (${JSON.stringify(text)}${bytes.length > 60 ? '…' : ''})`,
    );
    return problems;
  }
  schemaProblems(problems, 'answer body', success ? def.response : apiError, json.value, options.strict);
  if (success && def.paginated) pagingProblems(answer.headers, json.value, answer.asked, problems);
  return problems;
}
