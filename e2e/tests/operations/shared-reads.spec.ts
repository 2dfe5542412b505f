// One cache entry per endpoint read, refreshed wherever it is shown: two features reading one
// endpoint see a save made in either at once, in the same page (no reload), even though both had
// read it before and their answers were still fresh.
import { test, expect, type MockClient } from '../../fixtures/index.ts';
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
