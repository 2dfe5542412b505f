// One cache entry per endpoint read, refreshed wherever it is shown: two features reading one
// endpoint see a save made in either at once, in the same page (no reload), even though both had
// read it before and their answers were still fresh.
import { test, expect, Dialog, type MockClient } from '../../fixtures/index.ts';
import { agentCommunities } from '../../fixtures/memberships.ts';
import { DashboardPage } from '../../pages/dashboard.ts';

test.describe.configure({ timeout: 120_000 });

/** The works of the planner's contract, in all. */
async function worksOfPlanner(mock: MockClient): Promise<number> {
  const planner = (await mock.personas()).find((p) => p.id === 'works-planner');
  const { tables } = await mock.exportState<{ tables: { publicWorks: { contractId: number }[] } }>();
  return tables.publicWorks.filter((w) => w.contractId === planner?.contractIds[0]).length;
}

test("a work saved in the works screens counts in the home dashboard's works widget without a reload", async ({
  page,
  signInAs,
  mock,
  shell,
}) => {
  const dashboard = new DashboardPage(page);
  const before = await worksOfPlanner(mock);
  await signInAs('works-planner');
  const widget = dashboard.widget('Travaux');
  await expect.poll(async () => (await dashboard.counts(widget)).Total).toBe(String(before));
  // a mark on the page's window: a reload would lose it
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await shell.menuLink('Travaux').click();
  await page.getByRole('main').getByRole('link', { name: 'Nouveaux travaux' }).click();
  await expect(page.getByLabel('Organisation')).toHaveValue('2');
  await page.getByLabel('Intitulé').fill('Réfection de la place du marché');
  await page.getByLabel('Adresse', { exact: true }).fill('place du marché, 21000 Dijon');
  await page.getByLabel('Date de début').fill('2027-05-10');
  await page.getByLabel('Date de fin').fill('2027-05-20');
  await page.getByLabel(/Sommets de la zone/).fill('47.32, 5.04\n47.32, 5.042\n47.322, 5.042');
  await page.getByRole('button', { name: 'Enregistrer les travaux' }).click();
  await expect(page).toHaveURL(/\/travaux\/\d+$/);
  expect(await worksOfPlanner(mock)).toBe(before + 1);

  await shell.menuLink('Accueil').click();
  await expect.poll(async () => (await dashboard.counts(widget)).Total).toBe(String(before + 1));
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a user taken out of an organization on the user's detail leaves the organization's members without a reload", async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const target = (await agentCommunities(mock)).communities[0]!;

  // the organization's members, read first: the agent is one of them
  await signInAs('contract-admin', `/gestion-territoriale/organisation-territoriale/${target.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.label);
  await expect(list.row('Antoine Robert')).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await list
    .row('Antoine Robert')
    .getByRole('link', { name: /^Voir l'utilisateur/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Antoine Robert');
  await list
    .row(target.label)
    .getByRole('button', { name: `Retirer Antoine Robert de ${target.label}` })
    .click();
  const dialog = new Dialog(page, `Retirer de ${target.label}`);
  await dialog.button('Supprimer').click();
  await dialog.expectHidden();
  await expect(list.row(target.label)).toHaveCount(0);

  // back to the organization (in the page's history): the agent is no longer listed
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.label);
  await expect(list.rows.first()).toBeVisible();
  await expect(list.row('Antoine Robert')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
