/**
 * One answer of the checked backend judged against its endpoint by the contract's conformance
 * check (the one the mock's live validation uses, one message format): a GET must answer its
 * success status; then its headers, its body and its paging.
 */
import type { EndpointDef } from '@portal/contract';
import { answerProblems, Problems } from '@portal/contract/conformance';
import { PER_PAGE } from './plan.ts';

export interface Call {
  status: number;
  headers: Headers;
  bytes: Buffer;
  durationMs: number;
}

function readJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The differences of an answer from its endpoint (at most 10 lines, the rest counted), and its body. */
export function judge(
  entry: EndpointDef,
  answer: Call,
  strict: boolean,
): { problems: string[]; body: unknown } {
  const problems = new Problems(10);
  if (answer.status < 200 || answer.status > 299) {
    const message = (readJson(answer.bytes) as { message?: unknown } | undefined)?.message;
    problems.add(
      'answer status',
      '',
      `expected ${entry.status}, got ${answer.status}${typeof message === 'string' ? `: ${message}` : ''}`,
    );
    return { problems: problems.list(), body: undefined };
  }
  answerProblems(
    entry,
    {
      status: answer.status,
      headers: (name) => answer.headers.get(name),
      bytes: answer.bytes,
      asked: { currentPage: 1, itemsPerPage: PER_PAGE },
    },
    { strict },
    problems,
  );
  return {
    problems: problems.list(),
    body: entry.binary || entry.status === 204 ? undefined : readJson(answer.bytes),
  };
}
