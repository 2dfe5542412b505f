// The one spec that walks the real single sign-on redirect through the mock's sign-in page.
import { test, expect } from '../../fixtures/index.ts';

test('signed out: sign-in page, persona, back on the saved page with the token gone from the address bar', async ({
  page,
  shell,
  mockUrl,
}) => {
  // every main heading the portal shows, in order, from the start of each page load
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __headings: string[] }).__headings = seen;
    new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/travaux?vue=liste');
  // the portal looked up the realm and left for single sign-on
  await expect(page).toHaveURL(new RegExp(`^${mockUrl}/saml/login\\?`));
  const login = new URL(page.url());
  expect(login.searchParams.get('realm')).toBeTruthy();
  await page.getByRole('button', { name: /Se connecter en tant que Nadia Laurent/ }).click();

  // back on the portal, on the page asked first, without the token in the address
  await expect(shell.heading).toHaveText('Travaux');
  await expect(page).toHaveURL(/\/travaux\?vue=liste$/);
  expect(page.url()).not.toContain('token=');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
  expect(await page.evaluate(() => localStorage.getItem('redirect_path'))).toBeNull();
  await expect(shell.banner).toContainText('Nadia Laurent');
  // straight to the saved page: the home page never showed on the way
  const headings = await page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
  expect(headings).not.toContain('Tableau de bord');
  expect(headings).toContain('Travaux');
});

test('a failed sign-in lands on the SSO error page, which does nothing more', async ({ page, mockUrl }) => {
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`^${mockUrl}/saml/login`));
  await page.getByRole('link', { name: /Simuler un échec/ }).click();
  await expect(page).toHaveURL(/\/error\/sso$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Échec de la connexion');
  await expect(page.getByRole('link', { name: 'Se connecter à nouveau' })).toBeVisible();
});

test('logout clears the storage and goes to the single sign-on logout with the realm', async ({
  page,
  shell,
  signInAs,
  mockUrl,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('__realm')) {
      localStorage.setItem('realm', 'dijon-metropole');
      sessionStorage.setItem('__realm', '1');
    }
  });
  await signInAs('agent');
  await expect(shell.heading).toBeVisible();
  await shell.logout();
  await expect(page).toHaveURL(new RegExp(`^${mockUrl}/saml/logout\\?`));
  expect(new URL(page.url()).searchParams.get('realm')).toBe('dijon-metropole');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes déconnecté');
  // back on the portal: nothing is stored any more, so it asks for single sign-on again
  await page.getByRole('link', { name: 'Se reconnecter' }).click();
  await expect(page).toHaveURL(new RegExp(`^${mockUrl}/saml/login`));
});

// the boot script (web/src/boot.ts) decides before React and the app load
for (const stored of [null, 'undefined']) {
  test(`signed out (stored token: ${String(stored)}): leaves for single sign-on without loading the app's code`, async ({
    page,
    portalUrl,
    mockUrl,
  }) => {
    const html = await (await page.request.get(`${portalUrl}/`)).text();
    // what index.html itself names: the boot script and the modules it imports
    const named = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(named.length).toBeGreaterThan(0);
    if (stored !== null) await page.addInitScript((value) => localStorage.setItem('token', value), stored);
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(portalUrl).origin && url.pathname.endsWith('.js'))
        scripts.push(url.pathname);
    });
    await page.goto('/travaux?vue=liste');
    await expect(page).toHaveURL(new RegExp(`^${mockUrl}/saml/login\\?`));
    // nothing but the boot script: no React, no router, no app chunk
    expect(scripts.sort()).toEqual([...named].sort());
    expect(scripts.some((path) => /\/main-/.test(path))).toBe(false);
    await page.getByRole('button', { name: /Se connecter en tant que Nadia Laurent/ }).click();
    // the saved page is restored after the return with ?token=
    await expect(page).toHaveURL(/\/travaux\?vue=liste$/);
    expect(page.url()).not.toContain('token=');
  });
}

test('signed in: the boot script loads the app without asking for single sign-on', async ({
  page,
  shell,
  signInAs,
}) => {
  const realms: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/public/realms')) realms.push(request.url());
  });
  await signInAs('agent');
  await expect(shell.heading).toBeVisible();
  expect(realms).toEqual([]);
});
