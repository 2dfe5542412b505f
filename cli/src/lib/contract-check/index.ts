/**
 * The contract check: calls every read-only (GET) endpoint of the contract's endpoint table
 * against a backend and compares status, headers and body with the table. It never sends
 * POST, PUT or DELETE: nothing is written to the checked backend.
 */
import type { EndpointDef } from '@portal/contract';
import { endpointList } from '@portal/contract/endpoints';
import { granted } from '@portal/contract/permissions';
import { tokenInfo } from '@portal/contract/session';
import { CliError, describeError } from '../errors.ts';
import { judge, type Call } from './judge.ts';
import { harvesters, list, pickIdentity, plan, probeEveryToken, sameTokenAs } from './plan.ts';
import { diagnose } from './report.ts';
import type { CheckOptions, CheckReport, CheckResult, Identity, Values } from './types.ts';

export { junitReport } from './report.ts';
export type { CheckReport, CheckToken } from './types.ts';

async function call(
  url: string,
  token: string | undefined,
  timeoutMs: number,
  binary = false,
): Promise<Call> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: {
      accept: binary ? 'image/*' : 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    durationMs: Math.round(performance.now() - started),
  };
}

function networkProblem(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `network: no answer in ${timeoutMs} ms`;
  return `network: ${describeError(error)}`;
}

/** Who each token is, from /api/token-check; the first answer is also recorded as its check. */
async function identify(
  o: CheckOptions,
  recordFirst: (answer: Call, url: string, as: string) => unknown,
): Promise<Identity[]> {
  const identities: Identity[] = [];
  for (const [index, t] of o.tokens.entries()) {
    const url = `${o.baseUrl}/api/token-check`;
    let answer: Call;
    try {
      answer = await call(url, t.token, o.timeoutMs);
    } catch (error) {
      throw new CliError(
        `cannot reach the backend at ${o.baseUrl}: ${networkProblem(error, o.timeoutMs).replace(/^network: /, '')}`,
        1,
        ['check --base-url (and that the server is running).'],
      );
    }
    if (answer.status === 401) {
      throw new CliError(
        `the backend at ${o.baseUrl} refused ${t.label} (401 on /api/token-check): the token is invalid or expired`,
        1,
        ['give a fresh token with --token.'],
      );
    }
    const parsed = tokenInfo.safeParse(safeJson(answer.bytes));
    identities.push({ ...t, user: parsed.success ? parsed.data : undefined });
    if (index === 0) recordFirst(answer, url, t.label);
  }
  return identities;
}

/** Runs the check. Throws a CliError when the backend cannot be reached at all. */
export async function checkContract(o: CheckOptions): Promise<CheckReport> {
  const gets = endpointList.filter((e) => e.method === 'GET');
  const tokenEntry = gets.find((e) => e.id === 'tokenCheck');
  const values: Values = new Map();
  if (o.contractId !== undefined) values.set('contractId', o.contractId);
  const results: CheckResult[] = [];
  const identities: Identity[] = [];
  let done = 0;
  const total = gets.length;

  const owners = new Map<string, string>();
  const record = (entry: EndpointDef, answer: Call, url: string, as: string | undefined) => {
    const { problems, body } = judge(entry, answer, o.strict ?? false);
    results.push({
      id: entry.id,
      method: entry.method,
      path: entry.path,
      outcome: problems.length ? 'fail' : 'pass',
      url,
      status: answer.status,
      contentType: (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() || undefined,
      durationMs: answer.durationMs,
      as,
      problems,
    });
    if (body !== undefined) {
      harvesters[entry.id]?.(body, (key, value) => {
        if ((typeof value === 'number' || typeof value === 'string') && value !== '' && !values.has(key)) {
          values.set(key, value);
          if (as) owners.set(key, as);
        }
      });
    }
    return body;
  };

  // who are the tokens? (also the first check: tokenCheck)
  identities.push(
    ...(await identify(o, (answer, url, as) => tokenEntry && record(tokenEntry, answer, url, as))),
  );
  done++;
  o.onProgress?.(done, total, 'tokenCheck');

  let pending = gets.filter((e) => e.id !== 'tokenCheck');
  const waiting = new Map<string, string>();
  let progressed = true;
  while (pending.length && progressed) {
    progressed = false;
    const next: EndpointDef[] = [];
    for (const entry of pending) {
      const p = plan(entry, o, values);
      if (!p.ready) {
        waiting.set(entry.id, p.reason);
        next.push(entry);
        continue;
      }
      let identity: Identity | undefined;
      const owner = sameTokenAs[entry.id] ? owners.get(sameTokenAs[entry.id] as string) : undefined;
      if (owner) identity = identities.find((i) => i.label === owner);
      if (!entry.public && !identity) {
        const picked = pickIdentity(entry, identities, values);
        if ('reason' in picked) {
          results.push({
            id: entry.id,
            method: entry.method,
            path: entry.path,
            outcome: 'skip',
            problems: [],
            reason: picked.reason,
          });
          progressed = true;
          done++;
          o.onProgress?.(done, total, entry.id);
          continue;
        }
        identity = picked;
      }
      try {
        const answer = await call(p.url, identity?.token, o.timeoutMs, entry.binary);
        let kept = { answer, identity };
        const wanted = probeEveryToken[entry.id];
        if (wanted && answer.status === 200 && list(safeJson(answer.bytes)).length === 0) {
          for (const other of identities.filter(
            (i) => i !== identity && (!i.user || granted(i.user, entry.roles)),
          )) {
            const again = await call(p.url, other.token, o.timeoutMs, entry.binary);
            if (again.status === 200 && list(safeJson(again.bytes)).length > 0) {
              kept = { answer: again, identity: other };
              break;
            }
          }
        }
        record(entry, kept.answer, p.url, kept.identity?.label ?? 'public');
      } catch (error) {
        results.push({
          id: entry.id,
          method: entry.method,
          path: entry.path,
          outcome: 'fail',
          url: p.url,
          as: identity?.label ?? 'public',
          problems: [networkProblem(error, o.timeoutMs)],
        });
      }
      progressed = true;
      done++;
      o.onProgress?.(done, total, entry.id);
    }
    pending = next;
  }
  for (const entry of pending) {
    results.push({
      id: entry.id,
      method: entry.method,
      path: entry.path,
      outcome: 'skip',
      problems: [],
      reason: waiting.get(entry.id) ?? 'no value for its parameters',
    });
  }

  const order = new Map(gets.map((e, i) => [e.id, i]));
  const shown = results
    .filter((r) => !o.only || o.only.has(r.id))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const diagnosis = diagnose(results);
  return {
    baseUrl: o.baseUrl,
    users: identities.map((i) => ({ label: i.label, email: i.user?.email, roles: i.user?.roles })),
    summary: {
      passed: shown.filter((r) => r.outcome === 'pass').length,
      failed: shown.filter((r) => r.outcome === 'fail').length,
      skipped: shown.filter((r) => r.outcome === 'skip').length,
    },
    ...(diagnosis ? { diagnosis } : {}),
    results: shown,
  };
}

function safeJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Every GET endpoint id, for --only. */
export const readOnlyEndpointIds: readonly string[] = endpointList
  .filter((e) => e.method === 'GET')
  .map((e) => e.id);
