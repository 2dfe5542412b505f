/**
 * Sign-out revocation: the simulated single sign-on logout ends the session, and its access and
 * refresh tokens stop working (401 JSON); other sessions, of the same persona too, stay valid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startQuiet();
});
afterAll(async () => server?.close());

interface Session {
  token: string;
  refreshToken: string;
}

const LOGOUT = '/saml/logout?realm=portal&redirect=http%3A%2F%2Flocalhost%3A5173%2F';
const REDIRECT = encodeURIComponent('http://localhost:5173/');

async function signIn(c: Client, persona: string): Promise<Session> {
  const answer = await c.raw('POST', `/__mock/personas/${persona}/token`);
  expect(answer.status, answer.text).toBe(200);
  return { token: answer.body.token, refreshToken: answer.body.refreshToken };
}

const whoAmI = (c: Client, token: string) => c.raw('GET', '/api/token-check', { token });
const refresh = (c: Client, refreshToken: string) =>
  c.raw('POST', '/token/refresh', { body: { refresh_token: refreshToken } });

/** Signs in through the SSO pages as a browser holding `cookie` (the SSO's own cookie), if any. */
async function browserSignIn(
  c: Client,
  persona: string,
  cookie?: string,
): Promise<{ token: string; cookie: string }> {
  const answer = await c.raw(
    'GET',
    `/saml/login/select?persona=${persona}&partition=${c.partition}&redirect=${REDIRECT}`,
    {
      ...(cookie ? { headers: { cookie } } : {}),
    },
  );
  expect(answer.status, answer.text).toBe(302);
  const token = new URL(answer.headers.get('location') ?? '').searchParams.get('token') ?? '';
  const setCookie = answer.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^mock_sso_session=[^;]+;/);
  expect(setCookie).toMatch(/HttpOnly/);
  return { token, cookie: setCookie.split(';')[0] as string };
}

function expectSignedOut(answer: { status: number; headers: Headers; body: { message?: unknown } }): void {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('content-type')).toMatch(/json/);
  expect(answer.body.message).toMatch(/signed out/);
}

describe('the single sign-on logout', () => {
  it('ends the session of the token it is given: old access and refresh tokens answer 401', async () => {
    const c = new Client(server, 'sign-out-token');
    const ended = await signIn(c, 'contract-admin');
    const other = await signIn(c, 'contract-admin');
    expect((await whoAmI(c, ended.token)).status).toBe(200);

    const page = await c.raw('GET', LOGOUT, { token: ended.token });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Vous êtes déconnecté');

    expectSignedOut(await whoAmI(c, ended.token));
    expectSignedOut(await c.raw('GET', '/api/contract/1/user', { token: ended.token }));
    expectSignedOut(await refresh(c, ended.refreshToken));

    // the other session of the same persona is untouched, and can still refresh
    const still = await whoAmI(c, other.token);
    expect(still.status).toBe(200);
    expect(still.body.email).toBe('contract-admin@portal.test');
    const renewed = await refresh(c, other.refreshToken);
    expect(renewed.status, renewed.text).toBe(200);
    expect((await whoAmI(c, renewed.body.token)).status).toBe(200);
  });

  it('ends the tokens refreshed from the session too, whichever of them is given (?token=)', async () => {
    const c = new Client(server, 'sign-out-refreshed');
    const first = await signIn(c, 'signal-agent');
    const renewed = await refresh(c, first.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await whoAmI(c, renewed.body.token)).status).toBe(200);

    expect(
      (await c.raw('GET', `${LOGOUT}&token=${encodeURIComponent(renewed.body.refresh_token)}`)).status,
    ).toBe(200);

    for (const token of [first.token, renewed.body.token]) expectSignedOut(await whoAmI(c, token));
    for (const token of [first.refreshToken, renewed.body.refresh_token])
      expectSignedOut(await refresh(c, token));
  });

  it("ends the browser's SSO session (its cookie) and clears the cookie; another browser stays signed in", async () => {
    const c = new Client(server, 'sign-out-browser');
    const browser = await browserSignIn(c, 'request-agent');
    const elsewhere = await browserSignIn(c, 'request-agent');
    expect(elsewhere.cookie).not.toBe(browser.cookie);
    // signing in again in the same browser keeps its SSO session
    const again = await browserSignIn(c, 'works-planner', browser.cookie);
    expect(again.cookie).toBe(browser.cookie);

    const page = await c.raw('GET', LOGOUT, { headers: { cookie: browser.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toMatch(/^mock_sso_session=;.*Max-Age=0/);

    expectSignedOut(await whoAmI(c, browser.token));
    expectSignedOut(await whoAmI(c, again.token));
    expect((await whoAmI(c, elsewhere.token)).status).toBe(200);

    // signing in after the logout starts a new session, even with the old cookie
    const next = await browserSignIn(c, 'request-agent', browser.cookie);
    expect(next.cookie).not.toBe(browser.cookie);
    expect((await whoAmI(c, next.token)).status).toBe(200);
  });

  it('ends nothing when it is given no session, nor a forged token', async () => {
    const c = new Client(server, 'sign-out-nothing');
    const session = await signIn(c, 'agent');
    expect((await c.raw('GET', LOGOUT)).status).toBe(200);
    expect((await c.raw('GET', LOGOUT, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.bad' })).status).toBe(
      200,
    );
    expect((await whoAmI(c, session.token)).status).toBe(200);
    expect((await refresh(c, session.refreshToken)).status).toBe(200);
  });
});
