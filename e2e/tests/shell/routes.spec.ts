// Route rules of portal.md section 2: rights, unknown paths, the contract gate, the error redirect.
import { test, expect } from '../../fixtures/index.ts';

test('a refused route goes home with the danger alert alert.not_granted', async ({
  page,
  shell,
  signInAs,
  axe,
}) => {
  await signInAs('agent', '/admin/contrat');
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.heading).toHaveText('Tableau de bord');
  const alert = shell.main.getByRole('alert');
  await expect(alert).toHaveText("Vous n'avez pas les droits nécessaires pour accéder à cette page.");
  await expect(alert).toHaveClass(/alert-danger/);
  await axe();
  // the alert goes away once the user moves on
  await shell.menuLink('Mon profil').click();
  await expect(shell.main.getByRole('alert')).toHaveCount(0);
});

test('a granted route opens, with its rights from the route table', async ({ shell, signInAs }) => {
  await signInAs('portal-admin', '/admin/contrat/a-finaliser');
  await expect(shell.heading).toHaveText('Contrats');
});

test('an unknown path goes home', async ({ page, shell, signInAs }) => {
  await signInAs('agent', '/cette/page/n-existe/pas');
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.heading).toHaveText('Tableau de bord');
});

test('the /api/ portal routes reload as portal pages', async ({ page, shell, signInAs }) => {
  await signInAs('bi-analyst', '/api/powerbi/trends');
  await expect(shell.heading).toHaveText('Espace Tendances');
  await page.reload();
  await expect(shell.heading).toHaveText('Espace Tendances');
});

test('the contract gate shows a loading screen until the user is known', async ({
  page,
  shell,
  mock,
  signInAs,
}) => {
  await mock.faults.add({ method: 'GET', path: '/api/token-check', delayMs: 1500, times: 1 });
  await signInAs('agent');
  await expect(shell.loadingScreen).toBeVisible();
  await expect(shell.sideMenu).toHaveCount(0);
  await expect(shell.heading).toHaveText('Tableau de bord');
  await expect(shell.loadingScreen).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('a contract super admin without a current contract stays on the loading screen', async ({
  shell,
  mock,
  signInAs,
}) => {
  await mock.createPersona({
    id: 'admin-without-contract',
    roles: ['ROLE_SUPER_ADMIN_CONTRACT'],
    contractIds: [],
  });
  await signInAs('admin-without-contract');
  await expect(shell.loadingScreen).toBeVisible();
  await expect(shell.heading).toHaveCount(0);
});

test('a screen that works inside a contract says so to a user who has none, on a phone too', async ({
  page,
  mock,
  signInAs,
  axe,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await mock.createPersona({
    id: 'calendar-without-contract',
    roles: ['ROLE_USER', 'ROLE_CALENDAR'],
    contractIds: [],
  });
  await signInAs('calendar-without-contract', '/calendrier');
  await expect(page.getByRole('heading', { level: 1, name: 'Aucun contrat' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "n'est rattaché à aucun contrat" })).toBeVisible();
  // nothing of the contract's calendars was asked for
  expect(await mock.journal({ path: '/api/calendar**' })).toHaveLength(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await axe();
  await page.getByRole('link', { name: 'Voir mon profil' }).click();
  await expect(page).toHaveURL(/\/mon-profil$/);
});

// a refused or missing detail (4xx) goes to its error page; a server failure of a screen's read is
// said in place (sweeps/read-failures.spec.ts), so the oops page is shown by a read that has no
// place of its own to say it: the session's token check
for (const [status, path, title, call, screen] of [
  [404, '/error/unknown', 'Page introuvable', '/api/signal/*', '/signalement/signal/1'],
  [401, '/error/access-denied', 'Accès refusé', '/api/signal/*', '/signalement/signal/1'],
  [500, '/error/oops', 'Oups !', '/api/token-check', '/signalement/signaler'],
] as const) {
  test(`an HTTP ${status} leads to ${path}`, async ({ page, mock, signInAs, axe }) => {
    await mock.faults.add({
      method: 'GET',
      path: call,
      status,
      body: { message: `injected ${status}` },
    });
    await signInAs('signal-agent', screen);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    // the server's own words only under the technical details
    await expect(page.getByText(`injected ${status}`)).toBeHidden();
    await page.getByText('Détails techniques').click();
    await expect(page.getByText(`injected ${status}`)).toBeVisible();
    await axe();
    // a way back that restarts the session
    await mock.faults.clear();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  });
}

test('a network error (no answer) leads to the oops page', async ({ page, mock, signInAs }) => {
  await mock.faults.add({ method: 'GET', path: '/api/token-check', drop: true });
  await signInAs('signal-agent', '/signalement/signaler');
  await expect(page).toHaveURL(/\/error\/oops$/);
});
