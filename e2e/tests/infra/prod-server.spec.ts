// The portal's production build as served by web/scripts/serve-dist.mjs (the nginx image's
// settings without Docker): deep links reload to the portal, the content security policy is
// sent and the portal works under it, hashed assets are cacheable, index and runtime config not.
import { test, expect } from '../../fixtures/index.ts';

test.skip(process.env.E2E_WEB === 'dev', 'E2E_WEB=dev serves the Vite dev server, not the production build');

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('index.html and the runtime configuration are not cached; hashed assets are', async ({
  request,
  mockUrl,
}) => {
  const index = await request.get('/');
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  const csp = index.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'(;| )/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain(new URL(mockUrl).origin);

  const config = await request.get('/runtime-config.json');
  expect(config.headers()['cache-control']).toBe('no-cache');
  expect((await config.json()) as unknown).toMatchObject({ apiBaseUrl: mockUrl });

  const html = await index.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  expect(assets.length).toBeGreaterThan(0);
  // and the files the first-load hint asks for (each one must exist: a stale name would cost a 404)
  const hinted = [...html.matchAll(/<meta name="portal-preload"[^>]* content="([^"]+)"/g)].flatMap((m) =>
    (m[1] as string).split(' '),
  );
  expect(hinted.length).toBeGreaterThan(0);
  assets.push(...hinted);
  for (const asset of assets) {
    const res = await request.get(asset);
    expect(res.status(), asset).toBe(200);
    expect(res.headers()['cache-control'], asset).toBe(IMMUTABLE);
  }
});

// Each deep link with a persona the route table grants it to (a refused route would go home).
for (const [deepLink, persona] of [
  ['/gestion-territoriale', 'contract-admin'],
  ['/api/thingsboard/dashboards', 'iot-agent'],
] as const) {
  test(`a reload of ${deepLink} opens the portal, which works under the CSP`, async ({
    page,
    signInAs,
    portalPage,
  }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });

    await signInAs(persona, deepLink);
    await expect(portalPage.banner).toBeVisible();
    await page.reload();
    await expect(portalPage.banner).toBeVisible();
    await expect(portalPage.main).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(deepLink);

    const response = await page.request.get(deepLink);
    expect(response.headers()['content-security-policy']).toBeTruthy();
    expect(violations).toEqual([]);
  });
}
