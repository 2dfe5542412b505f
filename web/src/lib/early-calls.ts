/**
 * The session's first calls, sent by the boot script as soon as it has the runtime configuration,
 * while the app's code is still on its way: on a slow network the app's code takes longer to come
 * than these answers. The api client takes an answer from here (once, for the same address and
 * token) instead of sending the same call again; an answer nobody takes is dropped after a minute.
 * The boot script may read an answer first, to know what to ask next (peekEarlyJson).
 */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: string;
}
const answers = new Map<string, Promise<EarlyAnswer>>();
const KEEP_MS = 60_000;

/** Sends a GET as the api client would (its headers), keeping the answer, read, for the app. */
export function sendEarly(url: string, token: string): void {
  const key = `${token} ${url}`;
  const answer = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  }).then(async (response) => ({
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: await response.text(),
  }));
  // a failure is reported by the call that takes the answer; one nobody takes is of no interest
  answer.catch(() => undefined);
  answers.set(key, answer);
  setTimeout(() => {
    if (answers.get(key) === answer) answers.delete(key);
  }, KEEP_MS);
}

/** The answer of an early GET of this address with this token, once; undefined when there is none. */
export function takeEarly(url: string, token: string): Promise<EarlyAnswer> | undefined {
  const key = `${token} ${url}`;
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** The body of an early answer, without taking it; undefined when there is none, rejected unless a success. */
export function peekEarlyJson(url: string, token: string): Promise<unknown> | undefined {
  return answers.get(`${token} ${url}`)?.then(({ status, body }) => {
    if (status < 200 || status > 299) throw new Error(`${url} answered ${status}`);
    return JSON.parse(body) as unknown;
  });
}

/** Resolves once the early answers of these addresses have all come (or failed). */
export function earlyAnswersSettled(urls: readonly string[], token: string): Promise<void> {
  return Promise.allSettled(urls.map((url) => answers.get(`${token} ${url}`))).then(() => undefined);
}
