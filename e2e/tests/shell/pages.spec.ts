// The shell's own pages: legal pages, cookie statement, profile, portals panel, widget preferences; axe on each.
import type { Page } from '@playwright/test';
import { test, expect, Dialog, LegalText } from '../../fixtures/index.ts';
import { MapView } from '../../pages/map.ts';

/** The numbered section headings of a legal page, from the French resources the portal serves. */
async function legalHeadings(page: Page, pageKey: 'terms' | 'cookies'): Promise<string[]> {
  const answer = await page.request.get('/locales/fr/translation.json');
  expect(answer.ok()).toBe(true);
  const resources = (await answer.json()) as Record<string, { sections: Record<string, { title: string }> }>;
  return Object.values(resources[pageKey]?.sections ?? {}).map((section, i) => `${i + 1}. ${section.title}`);
}

test('legal notice, terms of use and cookie statement, each section under its heading', async ({
  page,
  shell,
  signInAs,
  axe,
}) => {
  // the sections are the pages' own content: their headings are read from the served resources
  const terms = await legalHeadings(page, 'terms');
  const cookies = await legalHeadings(page, 'cookies');
  expect(terms.length).toBeGreaterThan(0);
  expect(cookies.length).toBeGreaterThan(0);
  await signInAs('agent', '/mentions-legales-portail');
  await expect(shell.heading).toHaveText('Mentions légales');
  await axe();
  await shell.menuLink("Conditions d'utilisation").click();
  await expect(shell.heading).toHaveText("Conditions générales d'utilisation");
  await expect(shell.main.getByRole('heading', { level: 2 })).toHaveText(terms);
  await axe();
  await shell.menuLink('Cookies').click();
  await expect(shell.heading).toHaveText('Déclaration relative aux cookies');
  await expect(shell.main.getByRole('heading', { level: 2 })).toHaveText(cookies);
  await expect(page.getByText('metabase.SESSION')).toBeVisible();
  await axe();
});

test('the accessibility statement sits beside the legal notice; an unknown address goes home and says so', async ({
  page,
  shell,
  signInAs,
  axe,
}) => {
  await signInAs('agent', '/mentions-legales-portail');
  await shell.menuLink('Accessibilité').click();
  await expect(page).toHaveURL(/\/accessibilite$/);
  await expect(shell.heading).toHaveText("Déclaration d'accessibilité");
  await expect(shell.main.getByRole('heading', { level: 2 })).toHaveText([
    '1. État de conformité',
    '2. Résultats des tests',
    '3. Contenus non accessibles',
    '4. Établissement de cette déclaration',
    "5. Retour d'information et contact",
    '6. Voies de recours',
  ]);
  await expect(shell.main).toContainText('Défenseur des droits');
  await axe();

  await page.goto('/cette-page/n-existe-pas');
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.heading).toHaveText('Tableau de bord');
  await expect(page.getByRole('alert')).toHaveText(
    "La page demandée n'existe pas : vous avez été redirigé vers l'accueil.",
  );
  // the message belongs to that visit: it is gone once the user moves on
  await shell.menuLink('Mon profil').click();
  await expect(page.getByText("La page demandée n'existe pas", { exact: false })).toHaveCount(0);
});

test('the cookie statement does not execute injected script', async ({ page, signInAs }) => {
  await page.route('**/locales/fr/translation.json', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { cookies: { sections: Record<string, { text: string }> } };
    body.cookies.sections.why!.text =
      '<p>Texte injecté<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss=3">lien</a></p>';
    await route.fulfill({ response, json: body });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAs('agent', '/declaration-cookies');
  await expect(page.getByText('Texte injecté')).toBeVisible();
  const section = new LegalText(page, 'Texte injecté');
  await expect(section.scripts).toHaveCount(0);
  await expect(section.images).not.toHaveAttribute('onerror', /.*/);
  await expect(section.root.getByText('lien')).not.toHaveAttribute('href', /javascript:/);
  await section.root.getByText('lien').click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('the public pages show without signing in when on the SSO error page', async ({ page, axe }) => {
  await page.goto('/error/sso');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Échec de la connexion');
  const footer = page.getByRole('navigation', { name: 'Informations légales' });
  await expect(footer.getByRole('link', { name: 'Accessibilité' })).toHaveAttribute('href', '/accessibilite');
  await axe();
});

test('/mon-profil: read-only user detail with about box, map and tabs', async ({
  page,
  shell,
  signInAs,
  axe,
}) => {
  await signInAs('agent', '/mon-profil');
  await expect(shell.heading).toHaveText('Antoine Robert');
  await expect(page.getByRole('link', { name: /Retour/ })).toBeVisible();
  const about = page.getByRole('region', { name: 'À propos' });
  await expect(about).toContainText('Identité');
  await expect(about).toContainText('Téléphone');
  const map = new MapView(page, "Carte des territoires de l'utilisateur");
  await expect(map.root).toBeVisible();
  // the map's drawing loads when asked for, in the place kept for it
  const before = await map.root.boundingBox();
  await map.open();
  expect(await map.root.boundingBox()).toEqual(before);
  await expect(page.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leaflet' })).toHaveAttribute(
    'title',
    'Leaflet, une bibliothèque JavaScript de cartes interactives',
  );
  await expect(page.getByRole('button', { name: 'Plein écran' })).toBeVisible();
  // its address search came with it, above it
  await expect(page.getByRole('combobox', { name: 'Rechercher une adresse' })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Organisations', 'Exploitants', 'Territoires', 'Contrats']);
  await expect(page.getByRole('tab', { name: 'Organisations' })).toHaveAttribute('aria-selected', 'true');
  // read-only: no add, remove or delete controls
  await expect(shell.main.getByRole('button', { name: /Ajouter|Supprimer|Retirer/ })).toHaveCount(0);
  await axe();
  await page.getByRole('tab', { name: 'Contrats' }).click();
  await expect(page).toHaveURL(/#contracts$/);
  await expect(page.getByRole('img', { name: 'Contrat courant' })).toBeVisible();
  await axe();
});

test('the contracts tab switches the current contract', async ({ page, shell, signInAs }) => {
  await signInAs('multi-contract', '/mon-profil#contracts');
  await expect(page.getByRole('tab', { name: 'Contrats' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Basculer sur le contrat Eaux du Nord' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(shell.contractMenuButton).toHaveText('Eaux du Nord');
});

test('the portals panel lists one button per skill, then its portals and tools with the perimeter', async ({
  page,
  shell,
  signInAs,
  axe,
}) => {
  await signInAs('dashboard-all');
  await shell.banner.getByRole('button', { name: 'Portails' }).click();
  const panel = new Dialog(page, 'Mes portails');
  await expect(panel.root).toBeVisible();
  const skills = panel.root.getByRole('list', { name: 'Compétences' }).getByRole('button');
  await expect(skills.first()).toBeVisible();
  const skill = (await skills.first().innerText()).trim();
  await skills.first().click();
  await expect(new Dialog(page, skill).root).toContainText('Périmètre');
  await axe();
});

test('widget preferences: toggles by family, saved as displayed_widgets', async ({
  page,
  shell,
  mock,
  signInAs,
  axe,
}) => {
  await signInAs('dashboard-all');
  await shell.openUserMenu();
  await shell.banner.getByRole('button', { name: 'Paramètres utilisateur' }).click();
  const modal = new Dialog(page, 'Paramètres utilisateur');
  await expect(modal.root).toBeVisible();
  const toggles = modal.root.getByRole('switch');
  await expect(toggles.first()).toBeVisible();
  const first = toggles.first();
  const before = await first.isChecked();
  await first.click();
  await modal.save();
  await expect(modal.alert).toHaveText('Vos préférences ont bien été enregistrées.');
  await axe();
  const saves = await mock.journal({ path: '/api/user/portal/**' });
  expect(saves.some((e) => e.method === 'POST' || e.method === 'PUT')).toBe(true);

  // a failing save shows the error alert
  await mock.faults.add({ method: '*', path: '/api/user/portal/**', status: 500 });
  await first.click();
  await modal.save();
  await expect(modal.alert).toHaveText("Une erreur est survenue lors de l'enregistrement.");
  expect(await first.isChecked()).toBe(before);
});
