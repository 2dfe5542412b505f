// The mock's single sign-on pages, opened in the browser: the partition cookie of the fixtures
// reaches them, and choosing a persona comes back with a token of that partition.
import { test, expect } from '../../fixtures/index.ts';

test('signing in on the mock SSO page redirects back with a token of this test partition', async ({
  page,
  mockUrl,
  portalUrl,
  partition,
}) => {
  // The address the SSO page sends the browser back to, read from its redirect (the portal at that
  // address then takes the token out of its address bar, so the browser's URL is too late to read).
  const redirect = `${portalUrl}/sso-landing`;
  await page.goto(`${mockUrl}/saml/login?realm=e2e&redirect=${encodeURIComponent(redirect)}`);

  const buttons = page.getByRole('button', { name: 'Se connecter' });
  await expect(buttons.first()).toBeVisible();
  expect(await buttons.count()).toBeGreaterThan(10);

  const selected = page.waitForResponse((response) =>
    response.url().startsWith(`${mockUrl}/saml/login/select`),
  );
  await buttons.first().click();
  const back = new URL((await selected).headers()['location'] ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(redirect);
  const token = back.searchParams.get('token') ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  expect(claims).toMatchObject({ partition, typ: 'access' });
});

test('the failure link of the SSO page goes to the portal error page', async ({
  page,
  mockUrl,
  portalUrl,
}) => {
  await page.route(`${portalUrl}/error/sso`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>sso error</title><main>error</main>',
    }),
  );
  await page.goto(`${mockUrl}/saml/login?realm=e2e&redirect=${encodeURIComponent(`${portalUrl}/`)}`);
  await page.getByRole('link', { name: 'Simuler un échec' }).click();
  await expect(page).toHaveURL(`${portalUrl}/error/sso`);
});

test('the logout page says so and offers to sign in again', async ({ page, mockUrl, portalUrl }) => {
  await page.goto(`${mockUrl}/saml/logout?realm=e2e&redirect=${encodeURIComponent(`${portalUrl}/`)}`);
  await expect(page.getByText('Vous êtes déconnecté')).toBeVisible();
  await expect(page.getByRole('link').first()).toBeVisible();
});
