/**
 * The shared fixture of the tests of stubs and faults: one mock server for the test file, every
 * rule, rule scenario and latency cleared after each test, `portal stub add` / `portal fault add`
 * with their options as an object, and calls of the API as a persona.
 */
import { afterEach } from 'vitest';
import { useMockServer } from './mock.ts';

/** Options of `stub add` / `fault add`, by their camel-case name: `{ pathMatches: '^/api' }` is `--path-matches ^/api`. */
export type RuleFlags = Record<string, string | number | boolean | readonly string[]>;

/** The command-line words of an options object: `true` is a flag, an array a repeated option. */
export function flags(options: RuleFlags): string[] {
  return Object.entries(options).flatMap(([key, value]) => {
    const name = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (value === true) return [name];
    if (value === false) return [];
    if (Array.isArray(value)) return value.flatMap((v: string) => [name, v]);
    return [name, String(value)];
  });
}

export interface SendOptions {
  persona?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function useRules() {
  const { api, mock, run } = useMockServer();

  afterEach(async () => {
    await api.delete('/__mock/stubs');
    await api.delete('/__mock/faults');
    await api.delete('/__mock/rule-scenarios');
    await api.put('/__mock/latency', { profile: 'none' });
  });

  /** A call of the API as a persona, with a JSON body and headers: status, headers, text and time. */
  const send = async (method: string, path: string, options: SendOptions = {}) => {
    const auth: Record<string, string> = options.persona
      ? { authorization: `Bearer ${await api.token(options.persona)}` }
      : {};
    const started = performance.now();
    const response = await fetch(`${mock.url}${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json', ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      ms: performance.now() - started,
    };
  };

  return {
    api,
    mock,
    run,
    send,
    /** GET as a persona (portal-admin unless told), with request headers */
    get: (path: string, persona = 'portal-admin', headers?: Record<string, string>) =>
      send('GET', path, { persona, headers }),
    /** `portal stub add` with these options, then any further words (`--json`) */
    stub: (options: RuleFlags, ...extra: string[]) => run('stub', 'add', ...flags(options), ...extra),
    /** `portal fault add` with these options, then any further words */
    fault: (options: RuleFlags, ...extra: string[]) => run('fault', 'add', ...flags(options), ...extra),
  };
}
