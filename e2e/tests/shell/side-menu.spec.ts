// The side menu per persona: entries filtered by role with the contract-level grant check.
import { Dialog } from '../../fixtures/index.ts';
import { test, expect } from '../../fixtures/index.ts';

const ACCOUNT = ['Mon profil', "Conditions d'utilisation", 'Mentions légales', 'Cookies', 'Déconnexion'];

const cases: { persona: string; shows: string[]; hides: string[] }[] = [
  {
    persona: 'agent',
    shows: ['Accueil', 'Cartographie', ...ACCOUNT],
    hides: ['Signalements', 'Contrats', 'Gestion territoriale', 'Travaux'],
  },
  { persona: 'signal-agent', shows: ['Signalements', 'Signaler'], hides: ['Demandes', 'Contrats'] },
  { persona: 'request-agent', shows: ['Demandes', 'Nouvelle demande'], hides: ['Signalements'] },
  { persona: 'works-planner', shows: ['Travaux', 'Nouveaux travaux'], hides: ['Demandes'] },
  { persona: 'bi-analyst', shows: ['Tendances', 'Power BI'], hides: ['Objets connectés'] },
  { persona: 'iot-agent', shows: ['Objets connectés'], hides: ['Power BI'] },
  { persona: 'site-user', shows: ['Mon site'], hides: ['Travaux'] },
  { persona: 'calendar-user', shows: ['Calendrier'], hides: ['Travaux'] },
  { persona: 'portal-admin', shows: ['Contrats'], hides: ['Gestion territoriale'] },
  { persona: 'contract-admin', shows: ['Gestion territoriale'], hides: ['Contrats'] },
  { persona: 'org-admin', shows: ['Gestion territoriale'], hides: ['Contrats'] },
];

for (const { persona, shows, hides } of cases) {
  test(`${persona} sees the entries of their roles`, async ({ shell, signInAs }) => {
    await signInAs(persona);
    await expect(shell.heading).toBeVisible();
    const labels = await shell.menuLabels();
    for (const label of shows) expect(labels, `${persona} should see ${label}`).toContain(label);
    for (const label of hides) expect(labels, `${persona} should not see ${label}`).not.toContain(label);
  });
}

test('the document manager opens in a new tab', async ({ shell, signInAs }) => {
  await signInAs('doc-agent');
  const link = shell.menuLink(/Gestion documentaire/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
});

test('the menu highlights the active item, groups by category and collapses', async ({
  page,
  shell,
  signInAs,
}) => {
  await signInAs('works-planner', '/travaux');
  await expect(shell.menuLink('Travaux')).toHaveAttribute('aria-current', 'page');
  await expect(shell.menuLink('Accueil')).not.toHaveAttribute('aria-current', 'page');
  await expect(shell.sideMenu.getByRole('heading', { name: 'Opérations' })).toBeVisible();
  const toggle = shell.banner.getByRole('button', { name: 'Replier le menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(shell.banner.getByRole('button', { name: 'Déplier le menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(shell.menuLink('Travaux')).toBeVisible();
  // keyboard: the entries are links reachable with Tab and opened with Enter
  await shell.menuLink('Accueil').focus();
  await page.keyboard.press('Enter');
  await expect(shell.heading).toHaveText('Tableau de bord');
});

test('a service entry needs the service on the current contract', async ({ shell, signInAs }) => {
  // multi-contract holds SIGNAL_NOTIFY on all three contracts: the entry shows on each
  await signInAs('multi-contract');
  await expect(shell.menuLink('Signalements')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer: closed over the page until the menu button opens it, closed by a link, Escape or the backdrop', async ({
    page,
    shell,
    signInAs,
  }) => {
    await signInAs('works-planner', '/');
    await expect(shell.heading).toHaveText('Tableau de bord');
    // nothing wider than the screen: the header fits, the page does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(shell.userMenuButton).toBeVisible();
    const open = shell.banner.getByRole('button', { name: 'Déplier le menu' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.menuLink('Travaux')).toBeHidden();

    await open.click();
    const close = shell.banner.getByRole('button', { name: 'Replier le menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await shell.menuLink('Travaux').click();
    await expect(page).toHaveURL(/\/travaux$/);
    await expect(shell.heading).toHaveText('Travaux');
    await expect(shell.menuLink('Travaux')).toBeHidden();

    await open.click();
    await expect(shell.menuLink('Accueil')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.menuLink('Accueil')).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(shell.menuLink('Accueil')).toBeVisible();
    await page.mouse.click(370, 600); // the backdrop, right of the drawer
    await expect(shell.menuLink('Accueil')).toBeHidden();
    await expect(page).toHaveURL(/\/travaux$/);
  });

  test('the header fits: the user menu shows an icon, keeps the name as its label and opens the portals panel', async ({
    page,
    shell,
    signInAs,
    axe,
  }) => {
    await signInAs('multi-contract', '/');
    await expect(shell.heading).toHaveText('Tableau de bord');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(shell.banner.getByRole('button', { name: 'Portails' })).toBeHidden();
    await shell.userMenuButton.click();
    // the menu's links are readable on its light background (they took the header's text colour)
    await axe();
    await expect(page.getByRole('link', { name: 'Mon profil' })).toBeVisible();
    await page.getByRole('button', { name: 'Portails' }).click();
    await expect(new Dialog(page, 'Mes portails').root).toBeVisible();
  });
});

test("pointing at a menu entry loads its screen's code before the click, and the screen opens", async ({
  page,
  shell,
  signInAs,
}) => {
  const screenCode = /\/assets\/signal-list-[^/]*\.js$/;
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (screenCode.test(request.url())) loaded.push(request.url());
  });
  await signInAs('signal-agent');
  await expect(shell.heading).toBeVisible();
  // the home page alone does not load the signals list
  expect(loaded).toEqual([]);
  const entry = shell.menuLink(/^Signalements$/);
  const prefetched = page.waitForRequest(screenCode);
  await entry.hover();
  await prefetched;
  expect(page.url()).not.toContain('/signalement');
  await entry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signalements' })).toBeVisible();
  expect(loaded).toHaveLength(1);
});
