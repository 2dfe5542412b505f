/** Chromium helpers shared by the sections: a signed-in page, screen detection. */
import type { BrowserContext, Page } from 'playwright-core';
import type { Session } from './stack.ts';

/**
 * Opens `path` on the portal, signed in when a session is given: the token goes into localStorage
 * by an init script before any page script runs, as the e2e harness's signInAs does.
 */
export async function openSignedIn(
  context: BrowserContext,
  portalUrl: string,
  path: string,
  session: Session | null,
): Promise<Page> {
  if (session) {
    await context.addInitScript(
      ({ token, refreshToken, origin }) => {
        if (window.location.origin !== origin) return;
        if (window.sessionStorage.getItem('__bench_signed_in')) return;
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('refresh_token', refreshToken);
        window.sessionStorage.setItem('__bench_signed_in', '1');
      },
      { token: session.token, refreshToken: session.refreshToken, origin: new URL(portalUrl).origin },
    );
  }
  const page = await context.newPage();
  await page.goto(new URL(path, portalUrl).href, { waitUntil: 'load' });
  return page;
}

/** The title of the placeholder screen when the route still shows one (its feature is not built), else null. */
export async function placeholderOf(page: Page): Promise<string | null> {
  const placeholder = page.locator('.page-placeholder').first();
  if ((await placeholder.count()) === 0) return null;
  const title = await placeholder
    .locator('h1, h2')
    .first()
    .textContent()
    .catch(() => null);
  return (title ?? 'placeholder').trim();
}
