// The lists of the portal have what staff expect: a range counter ('1–20 sur 56'),
// a page size kept in the URL, the whole row opening the detail (a click, or Enter on a focused row),
// sortable columns where the call can sort (server-side: the industrial sites' orderColumn) and an
// export of the whole list with its filters to a CSV a French spreadsheet opens (';', UTF-8 with BOM).
import { readFile } from 'node:fs/promises';
import { PAGING } from '@portal/contract/constants';
import { test, expect, TerritorialAdminPage } from '../../fixtures/index.ts';

interface ListState {
  tables: {
    areas: { id: number; contractId: number }[];
    industrialSites: { id: number; contractId: number; name: string }[];
    publicWorks: { id: number; contractId: number }[];
    requests: { id: number; contractId: number; status: string }[];
    calendars: { id: number; contractId: number }[];
    users: { personaId?: string; contractIds: number[]; type: string; organizationIds?: number[] }[];
    organizations: { id: number; contractId: number; label: string; type: string }[];
    signals: { id: number; contractId: number; status: string; createdAt: string }[];
  };
}

const PAGE_SIZE = PAGING.defaultItemsPerPage;

const range = (from: number, to: number, total: number) =>
  new RegExp(`^${from}–${to} sur ${total.toLocaleString('fr-FR').replace(/\s/g, '\\s')}$`);

async function signalsOf(mock: { exportState: <T>() => Promise<T> }, persona: string) {
  const { tables } = await mock.exportState<ListState>();
  const contractId = tables.users.find((u) => u.personaId === persona)?.contractIds[0];
  return tables.signals.filter((s) => s.contractId === contractId);
}

test('the signal list shows its range, keeps the page size in the URL and passes axe', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const signals = await signalsOf(mock, 'signal-agent');
  const total = signals.length;
  expect(total, 'more signals than one page').toBeGreaterThan(PAGE_SIZE);
  await signInAs('signal-agent', '/signalement');
  const { range: counter, rows } = list;
  await expect(list.table).toHaveAccessibleName('Signalements');
  await expect(counter).toHaveText(range(1, PAGE_SIZE, total));
  await expect(rows).toHaveCount(PAGE_SIZE);

  // the second page
  await list.nextPage();
  await expect(counter).toHaveText(range(PAGE_SIZE + 1, Math.min(2 * PAGE_SIZE, total), total));

  // a larger page: back to page 1, kept in the URL and after a reload
  await list.setPageSize(50);
  await expect(page).toHaveURL(/perPage=50/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(counter).toHaveText(range(1, Math.min(50, total), total));
  await expect(rows).toHaveCount(Math.min(50, total));
  await page.reload();
  await expect(list.pageSize).toHaveValue('50');
  await expect(rows).toHaveCount(Math.min(50, total));
  expect(await axe()).toEqual([]);

  // a smaller page
  await list.setPageSize(10);
  await expect(counter).toHaveText(range(1, 10, total));
  await expect(rows).toHaveCount(10);
});

test('a click anywhere on a row, or Enter on a focused row, opens its detail', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const firstPage = Math.min((await signalsOf(mock, 'signal-agent')).length, PAGE_SIZE);
  await signInAs('signal-agent', '/signalement');
  const { rows } = list;
  await expect(rows).toHaveCount(firstPage);
  const firstId = (await list.cellsOf(rows.first()).first().innerText()).trim();

  // a click on the address cell (not on a link)
  await list.cellsOf(rows.first()).nth(4).click();
  await expect(page).toHaveURL(new RegExp(`/signalement/signal/${firstId}$`));
  await page.goBack();
  await expect(rows).toHaveCount(firstPage);

  // keyboard: Tab reaches the row, Enter opens it
  const second = rows.nth(1);
  const secondId = (await list.cellsOf(second).first().innerText()).trim();
  await second.focus();
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/signalement/signal/${secondId}$`));
  await page.goBack();

  // the row's own link is still a link with its name (screen readers, new tab)
  await expect(rows.first().getByRole('link', { name: `Voir le signalement ${firstId}` })).toBeVisible();
});

test('the industrial sites sort by name on the server, and the header says so', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Sites industriels'));
  await expect(list.table).toHaveAccessibleName('Sites industriels');
  const header = list.columnHeader(/Nom/);
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await mock.clearJournal();
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sites_sort=name/);
  await expect
    .poll(async () => (await mock.journal({ path: '/api/industrial-site' })).map((e) => e.query).join(' '))
    .toContain('orderColumn=name');
  const names = await list.columnTexts(1);
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
  // a column the call cannot sort has no sort button
  await expect(list.columnHeader('Organisations')).not.toHaveAttribute('aria-sort');
  // the row opens the site
  await list.rows.first().getByRole('cell').nth(1).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(names[0] ?? '');
});

test('"Exporter (CSV)" downloads every page of the filtered list for a French spreadsheet', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const signals = await signalsOf(mock, 'signal-agent');
  await signInAs('signal-agent', '/signalement?perPage=10');
  await expect(list.rows).toHaveCount(Math.min(10, signals.length));

  // the whole list first: more rows than the page shows
  let download = page.waitForEvent('download');
  await list.exportButton.click();
  let file = await download;
  expect(file.suggestedFilename()).toMatch(/^signalements-\d{4}-\d{2}-\d{2}\.csv$/);
  let bytes = await readFile((await file.path()) as string);
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  let lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('#;Date;Catégorie;Description;Adresse;Statut;Demande');
  expect(lines).toHaveLength(signals.length + 1);
  // a date as a French spreadsheet reads it, a French status
  const cells = lines[1]?.split(';') ?? [];
  expect(cells[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2})?$/);

  // with a filter: only the filtered signals, all of them
  const status = 'NEW';
  const filtered = signals.filter((s) => s.status === status);
  await page.getByLabel('Statut', { exact: true }).selectOption(status);
  await expect(page).toHaveURL(/status=NEW/);
  await expect(list.range).toHaveText(
    range(filtered.length ? 1 : 0, Math.min(10, filtered.length), filtered.length),
  );
  download = page.waitForEvent('download');
  await list.exportButton.click();
  file = await download;
  bytes = await readFile((await file.path()) as string);
  lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(filtered.length + 1);
  for (const line of lines.slice(1)) expect(line.split(';')[5]).toBe('Nouveau');
});

test('a failed export says so where it was asked, and can be tried again', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Sites industriels'));
  await expect(list.range).toBeVisible();
  // the export reads the list again (one retry, as every query): the service stays down
  await mock.faults.add({ method: 'GET', path: '/api/industrial-site', status: 500 });
  await list.exportButton.click();
  await expect(page.getByRole('alert').filter({ hasText: "L'export a échoué" })).toBeVisible();
  // the list itself is still shown
  await expect(list.rows.first()).toBeVisible();
  await mock.faults.clear();
  const download = page.waitForEvent('download');
  await list.exportButton.click();
  expect((await download).suggestedFilename()).toMatch(/^sites-industriels-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('alert').filter({ hasText: "L'export a échoué" })).toHaveCount(0);
});

test("lists speak the reader's language: profiles in words, French page labels", async ({
  page,
  signInAs,
  list,
  axe,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Organisations'));
  await list.cells('Ville de Dijon').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ville de Dijon');
  // the organization's members: the list of the page now shown
  await expect(list.rows.first()).toBeVisible();
  const profiles = await list.columnTexts(2);
  expect(profiles.length).toBeGreaterThan(0);
  for (const profile of profiles) expect(['Agent', 'Administrateur', 'Externe']).toContain(profile);
  await axe();

  // the pagination's arrows are named in French only
  await page.goto(TerritorialAdminPage.path('Utilisateurs'));
  const { pagination } = list;
  await expect(pagination.getByRole('button', { name: 'Page suivante' })).toBeVisible();
  expect(await pagination.textContent()).not.toMatch(/First|Previous|Next|Last|current/);
});

test('no screen shows a technical code: ids, enum values, raw dates, "undefined"', async ({
  portalPage,
  page,
  signInAs,
  mock,
}) => {
  test.setTimeout(180_000);
  const { tables } = await mock.exportState<ListState>();
  const contractOf = (persona: string) =>
    tables.users.find((u) => u.personaId === persona)?.contractIds[0] ?? 0;
  const admin = contractOf('contract-admin');
  const first = <T extends { contractId: number }>(rows: T[], contractId: number): T | undefined =>
    rows.find((r) => r.contractId === contractId);
  const community = tables.organizations.find((o) => o.contractId === admin && o.type === 'Community');
  const operator = tables.organizations.find((o) => o.contractId === admin && o.type === 'Operator');
  const visits: [string, string[]][] = [
    [
      'portal-admin',
      ['/admin/contrat', `/admin/contrat/${admin}`, `/admin/contrat/${admin}#utilisateurs`, '/mon-profil'],
    ],
    [
      'contract-admin',
      [
        '/gestion-territoriale',
        '/gestion-territoriale#sites-industriels',
        '/gestion-territoriale#services',
        `/gestion-territoriale/area/${first(tables.areas, admin)?.id}`,
        `/gestion-territoriale/site-industriel/${first(tables.industrialSites, admin)?.id}`,
        `/gestion-territoriale/organisation-territoriale/${community?.id}`,
        `/gestion-territoriale/exploitant/${operator?.id}`,
      ],
    ],
    [
      'signal-agent',
      ['/signalement', `/signalement/signal/${first(tables.signals, contractOf('signal-agent'))?.id}`],
    ],
    [
      'request-agent',
      [
        '/demande',
        `/demande/${tables.requests.find((r) => r.contractId === contractOf('request-agent') && r.status !== 'DRAFT')?.id}`,
      ],
    ],
    ['works-planner', ['/travaux', `/travaux/${first(tables.publicWorks, contractOf('works-planner'))?.id}`]],
    [
      'calendar-admin',
      ['/calendrier', `/calendrier/${first(tables.calendars, contractOf('calendar-admin'))?.id}`],
    ],
    ['site-user', ['/mon-site']],
    ['dashboard-all', ['/', '/cartographie']],
  ];
  const technical =
    /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]{4,}\b|\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b|\b(AGENT|ADMINISTRATOR|EXTERNAL|ACTIVE|Community|Operator|undefined|null|NaN)\b|\d{4}-\d{2}-\d{2}/g;
  for (const [persona, paths] of visits) {
    await signInAs(persona, paths[0]);
    for (const [index, path] of paths.entries()) {
      expect(path).not.toContain('undefined');
      if (index > 0) await page.goto(path);
      await expect(portalPage.heading.first()).toBeVisible();
      await expect(portalPage.spinners).toHaveCount(0, { timeout: 20_000 });
      const text = await page.getByRole('main').innerText();
      expect(text.match(technical) ?? [], `${path} (${persona})`).toEqual([]);
    }
  }
});

test('the calendars (answered whole) show their count as a range, and a row opens its calendar', async ({
  page,
  signInAs,
  list,
}) => {
  await signInAs('calendar-admin', '/calendrier');
  await expect(list.table).toHaveAccessibleName('Calendriers');
  const { rows, range: counter } = list;
  await expect(counter).toHaveText(/^1–(\d+) sur \1$/);
  const count = Number((await counter.innerText()).split(' sur ')[1]);
  await expect(rows).toHaveCount(count);
  const label = (await list.cellsOf(rows.first()).first().innerText()).trim();
  await list.cellsOf(rows.first()).nth(1).click();
  await expect(page).toHaveURL(/\/calendrier\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(label);
});

test('in English the list reads "1–20 of 56", its page size and export too', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const total = (await signalsOf(mock, 'signal-agent')).length;
  expect(total, 'more signals than one page').toBeGreaterThan(PAGE_SIZE);
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await signInAs('signal-agent', '/signalement');
  // in English: the page object's French names do not apply, but its range counter does
  await expect(list.range).toHaveText(`1–${PAGE_SIZE} of ${total.toLocaleString('en-GB')}`);
  await expect(page.getByLabel('Rows per page')).toHaveValue(String(PAGE_SIZE));
  await expect(page.getByRole('button', { name: 'Export (CSV)' })).toBeVisible();
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('button', { name: 'Next page' })).toBeVisible();
  expect(await pagination.textContent()).not.toMatch(/Première|précédente|suivante|Dernière/);
});
