// Address search on the maps: the configured geocoder (the mock answers the
// national address API's format offline) suggests addresses in a list chosen with the keyboard; the
// signal's point and address follow the choice; none found and a failed geocoder are said; a map
// with nothing of its own opens on the contract's area, not on all of France.
import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures/index.ts';
import { MockClient } from '../../fixtures/mock-client.ts';
import { MapView } from '../../pages/map.ts';

/**
 * The geocoder is a public service: its calls carry no token, so the mock answers them (and logs
 * them, and fails them) in its default partition, not in the test's own.
 */
const geocoderSide = (mockUrl: string) => new MockClient(mockUrl, 'default');

const centerOf = (page: Page) => new MapView(page).center();

test('the signal map finds an address with the keyboard and places the point and the address', async ({
  page,
  signInAs,
  mockUrl,
  axe,
}) => {
  const geocoder = geocoderSide(mockUrl);
  await signInAs('signal-agent', '/signalement/signaler');
  // the form's map, with its search, loads when the agent opens it
  await new MapView(page).open();
  const search = page.getByRole('combobox', { name: 'Rechercher une adresse' });
  await search.fill('dijon');
  await search.press('Enter');
  const list = page.getByRole('listbox', { name: 'Adresses trouvées' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const calls = await geocoder.journal({ path: '/geocoder/search*' });
  expect(calls.some((call) => new URLSearchParams(call.query).get('q') === 'dijon')).toBe(true);
  await axe();

  // the first answer places the point at once; Down then Enter takes another one
  const options = await list.getByRole('option').allTextContents();
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue(options[0] ?? '');
  if (options.length > 1) {
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', /option-1$/);
    await search.press('Enter');
    await expect(list).toBeHidden();
    await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue(options[1] ?? '');
  }
  await expect(page.getByLabel('Latitude')).not.toHaveValue('');
  await expect(page.getByLabel('Longitude')).not.toHaveValue('');
  // Escape closes the suggestions, and nothing was submitted
  await search.press('ArrowDown');
  await expect(list).toBeVisible();
  await search.press('Escape');
  await expect(list).toBeHidden();
  await expect(page).toHaveURL(/\/signalement\/signaler$/);
});

test('no address found, then a failed geocoder, are said under the search', async ({
  page,
  signInAs,
  mockUrl,
}) => {
  const geocoder = geocoderSide(mockUrl);
  await signInAs('signal-agent', '/signalement/signaler');
  await new MapView(page).open();
  const search = page.getByRole('combobox', { name: 'Rechercher une adresse' });
  await search.fill('zzzz introuvable');
  await search.press('Enter');
  await expect(new MapView(page).status).toHaveText('Aucune adresse trouvée');

  await geocoder.faults.add({ method: 'GET', path: '/geocoder/search*', status: 503, times: 1 });
  await search.fill('dijon');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(new MapView(page).alert).toHaveText(
    "La recherche d'adresse a échoué. Réessayez dans quelques instants.",
  );
  // the next try works
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(
    page.getByRole('listbox', { name: 'Adresses trouvées' }).getByRole('option').first(),
  ).toBeVisible();
});

test("a map with nothing of its own opens on the contract's area, not on France", async ({
  page,
  signInAs,
}) => {
  await signInAs('signal-agent', '/signalement/signaler');
  await new MapView(page).open();
  // the contract is Dijon Métropole: the map settles around Dijon (France's centre is 46.6, 2.4)
  await expect
    .poll(
      async () => {
        const { lat, lng } = await centerOf(page);
        return Math.abs(lat - 47.32) < 0.5 && Math.abs(lng - 5.04) < 0.7;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const zoom = await new MapView(page).zoom();
  expect(zoom).toBeGreaterThan(7);
});

test('the works map searches addresses too: the map moves there, the zone keeps its points', async ({
  page,
  signInAs,
}) => {
  await signInAs('works-planner', '/travaux/nouveau');
  await new MapView(page).open();
  const search = page.getByRole('combobox', { name: 'Rechercher une adresse' });
  await expect(search).toBeVisible();
  await expect.poll(async () => (await centerOf(page)).lat).not.toBeNaN();
  const before = await centerOf(page);
  await search.fill('Talant');
  await search.press('Enter');
  await expect(
    page.getByRole('listbox', { name: 'Adresses trouvées' }).getByRole('option').first(),
  ).toBeVisible();
  await expect.poll(async () => (await centerOf(page)).lng).not.toBe(before.lng);
  await expect(page.getByRole('status').filter({ hasText: /point/i })).toHaveText(/Aucun point|0 point/);
  await expect(page).toHaveURL(/\/travaux\/nouveau$/);
});
