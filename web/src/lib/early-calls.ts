/**
 * The session's first calls, sent by the boot script as soon as it has the runtime configuration,
 * while the app's code is still on its way: on a slow network the app's code takes longer to come
 * than these answers. The api client takes an answer from here (once, for the same address and
 * token) instead of sending the same call again; an answer nobody takes is dropped after a minute.
 */
const answers = new Map<string, Promise<Response>>();
const KEEP_MS = 60_000;

/** Sends a GET as the api client would (its headers), keeping the answer for the app. */
export function sendEarly(url: string, token: string): void {
  const key = `${token} ${url}`;
  const answer = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // a failure is reported by the call that takes the answer; one nobody takes is of no interest
  answer.catch(() => undefined);
  answers.set(key, answer);
  setTimeout(() => {
    if (answers.get(key) === answer) answers.delete(key);
  }, KEEP_MS);
}

/** The answer of an early GET of this address with this token, once; undefined when there is none. */
export function takeEarly(url: string, token: string): Promise<Response> | undefined {
  const key = `${token} ${url}`;
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}
