// Public works (/travaux, /travaux/nouveau, /travaux/{id}, /travaux/edition/{id}): a work is
// created with a zone inside the planner's merged shape, edited, and its status shows in the
// statistics; a zone leaving the shape and an end before the start are refused with a clear
// message and nothing is sent; a persona without the planner role is refused (route and calls);
// the detail's map draws the work's zone and the planner's signal-notification areas (vector paths,
// no tiles needed).
import type { Page } from '@playwright/test';
import { test, expect, type MockClient } from '../../fixtures/index.ts';
import { MapView } from '../../pages/map.ts';

const stat = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Travaux par statut' }).getByRole('listitem').filter({ hasText: label });

/** The works of the planner's contract in the scenario, counted by status, and in all. */
async function worksOf(mock: MockClient): Promise<{ total: number; byStatus: (status: string) => number }> {
  const planner = (await mock.personas()).find((p) => p.id === 'works-planner');
  const { tables } = await mock.exportState<{
    tables: { publicWorks: { contractId: number; currentStatus: string }[] };
  }>();
  const works = tables.publicWorks.filter((w) => w.contractId === planner?.contractIds[0]);
  return {
    total: works.length,
    byStatus: (status) => works.filter((w) => w.currentStatus === status).length,
  };
}

test('a public work is created inside the shape, edited, and its status shows in the statistics', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  test.setTimeout(120_000);
  const works = await worksOf(mock);
  const planned = works.byStatus('PLANNED');
  const done = works.byStatus('DONE');
  await signInAs('works-planner', '/travaux');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Travaux');
  await expect(stat(page, 'Planifiés')).toHaveText(new RegExp(`Planifiés\\s*${planned}$`));
  await expect(stat(page, 'Terminés')).toHaveText(new RegExp(`Terminés\\s*${done}$`));
  await expect(
    page.getByText(`${works.total} chantier${works.total > 1 ? 's' : ''}`, { exact: true }),
  ).toBeVisible();
  await axe();

  await page.getByRole('main').getByRole('link', { name: 'Nouveaux travaux' }).click();
  await expect(page).toHaveURL(/\/travaux\/nouveau$/);
  await expect(page.getByLabel('Organisation')).toHaveValue('2');
  await expect(page.getByText('Couche du serveur cartographique : UUID-2 (espace UUID-1)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Carte de la zone des travaux' })).toBeVisible();
  await page.getByLabel('Intitulé').fill('Reprise de trottoir rue Musette');
  await page.getByLabel('Adresse', { exact: true }).fill('rue Musette, 21000 Dijon');
  await page.getByLabel('Date de début').fill('2027-04-10');
  await page.getByLabel('Date de fin').fill('2027-04-01');
  const zone = page.getByLabel(/Sommets de la zone/);
  await zone.fill('47.32, 5.04\n47.32, 5.042\n47.40, 5.042');
  await page.getByRole('button', { name: 'Enregistrer les travaux' }).click();
  await expect(
    page.getByText('La date de fin ne peut pas être antérieure à la date de début.'),
  ).toBeVisible();
  await expect(page.getByText(/La zone sort de votre secteur géographique/)).toBeVisible();
  await expect(zone).toHaveAttribute('aria-invalid', 'true');
  await axe();
  expect(await mock.journal({ method: 'POST', path: '/api/public-work' })).toHaveLength(0);

  await page.getByLabel('Date de fin').fill('2027-04-20');
  // a point placed on the map joins the typed ones
  await zone.fill('47.32, 5.04\n47.32, 5.042');
  const formMap = new MapView(page, 'Carte de la zone des travaux');
  await formMap.open();
  await formMap.clickAt(200, 170);
  await expect(page.getByText('3 points')).toBeVisible();
  await page.getByRole('button', { name: 'Retirer le dernier point' }).click();
  await expect(page.getByText('2 points')).toBeVisible();
  await zone.fill('47.32, 5.04\n47.32, 5.042\n47.322, 5.042');
  await page.getByRole('button', { name: 'Enregistrer les travaux' }).click();
  await expect(page).toHaveURL(/\/travaux\/\d+$/);
  const workId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reprise de trottoir rue Musette');
  const data = page.getByRole('region', { name: 'Informations' });
  // one work's status reads in the singular (the statistics above the list keep the plural)
  await expect(data.getByText('Planifié', { exact: true })).toBeVisible();
  await expect(data.getByText('Ville de Dijon')).toBeVisible();
  await expect(data.getByText('rue Musette, 21000 Dijon')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Carte de la zone des travaux' })).toBeVisible();
  await axe();

  await page.getByRole('main').getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/travaux/edition/${workId}$`));
  await expect(page.getByLabel('Intitulé')).toHaveValue('Reprise de trottoir rue Musette');
  await expect(page.getByLabel(/Sommets de la zone/)).toHaveValue('47.32, 5.04\n47.32, 5.042\n47.322, 5.042');
  await axe();
  await page.getByLabel('Statut').selectOption({ label: 'Terminé' });
  await page.getByRole('button', { name: 'Enregistrer les travaux' }).click();
  await expect(page).toHaveURL(new RegExp(`/travaux/${workId}$`));
  await expect(
    page.getByRole('region', { name: 'Informations' }).getByText('Terminé', { exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Retour aux travaux' }).click();
  // the new work, planned then done: one more done, as many planned as before
  await expect(stat(page, 'Terminés')).toHaveText(new RegExp(`Terminés\\s*${done + 1}$`));
  await expect(stat(page, 'Planifiés')).toHaveText(new RegExp(`Planifiés\\s*${planned}$`));
  await expect(
    page.getByRole('link', { name: 'Reprise de trottoir rue Musette', exact: true }),
  ).toBeVisible();
});

interface WorksState {
  tables: {
    users: { id: number; personaId?: string; organizationIds: number[] }[];
    organizations: { id: number; contractId: number; areaIds: number[] }[];
    areas: { id: number; label: string; geoJson: unknown }[];
    publicWorks: { id: number; contractId: number; organizationId: number; title: string; zone: unknown }[];
  };
}

test('the work detail draws the zone and the signal-notification areas on the map, without tiles', async ({
  page,
  signInAs,
  mock,
  axe,
}) => {
  test.setTimeout(90_000);
  // the map's shapes are vectors: they are drawn even when no tile answers
  await page.route('**/tiles/**', (route) => route.abort());
  await mock.setRoles('works-planner', { add: ['ROLE_SIGNAL_NOTIFY'] });
  const { tables } = await mock.exportState<WorksState>();
  const planner = tables.users.find((u) => u.personaId === 'works-planner');
  const areaIds = new Set(
    tables.organizations
      .filter((o) => o.contractId === 1 && planner?.organizationIds.includes(o.id))
      .flatMap((o) => o.areaIds),
  );
  const signalAreas = tables.areas.filter((a) => areaIds.has(a.id) && a.geoJson);
  expect(signalAreas.length, "the planner's organizations have areas with a shape").toBeGreaterThan(0);
  const work = tables.publicWorks.find((w) => w.contractId === 1 && w.zone);
  if (!work) throw new Error('the scenario has a work with a zone in contract 1');

  await signInAs('works-planner', `/travaux/${work.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(work.title);
  const shown =
    signalAreas.length === 1
      ? '1 secteur de signalement est affiché.'
      : `${signalAreas.length} secteurs de signalement sont affichés.`;
  await expect(page.getByText(shown)).toBeVisible();
  const map = new MapView(page, 'Carte de la zone des travaux');
  await map.open();
  await expect(map.shapes).toHaveCount(signalAreas.length + 1);
  const zone = map.shapesOfColour('#d63384');
  await expect(zone).toHaveCount(1);
  await expect(map.shapesOfColour('#6f42c1')).toHaveCount(signalAreas.length);
  await expect(zone).toHaveAttribute('d', /^M-?\d+ -?\d+L/);

  // once fitted on the zone (after a second), the zone is drawn inside the map, with a size
  const box = map.surface;
  await expect
    .poll(
      async () => {
        const [z, m] = await Promise.all([zone.boundingBox(), box.boundingBox()]);
        if (!z || !m) return false;
        return (
          z.width > 20 &&
          z.height > 20 &&
          z.x >= m.x &&
          z.y >= m.y &&
          z.x + z.width <= m.x + m.width &&
          z.y + z.height <= m.y + m.height
        );
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await axe();

  // without the signal role, only the zone is drawn and the page says why
  await mock.setRoles('works-planner', { remove: ['ROLE_SIGNAL_NOTIFY'] });
  await page.reload();
  await expect(page.getByText('Aucun secteur de signalement ne vous est attribué.')).toBeVisible();
  await map.open();
  await expect(map.shapes).toHaveCount(1);
  await expect(zone).toHaveCount(1);
});
