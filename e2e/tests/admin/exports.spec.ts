// The CSV export of the territorial lists holds what the screen shows: every count the table shows
// (loaded after its rows), one value per column (a user's name and e-mail apart), empty cells empty.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, TerritorialAdminPage, type PagedList } from '../../fixtures/index.ts';
import type { TerritorialTab } from '../../pages/territorial-admin.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1400, height: 900 } });

/** The export's lines, split into cells (the territorial lists hold no ';' nor quotes). */
async function exportLines(page: Page, list: PagedList): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await list.exportButton.click();
  const bytes = await readFile((await (await download).path()) as string);
  return bytes
    .toString('utf8')
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
}

/** The table's headings and its rows' cells as shown, the actions left out. */
async function shownTable(list: PagedList): Promise<{ headers: string[]; rows: string[][] }> {
  // the counts load after the rows: wait until no cell is loading
  await expect(list.rows.first()).toBeVisible();
  await expect(list.table.getByRole('status')).toHaveCount(0);
  const headers = (await list.columnHeaders.allInnerTexts()).map((h) => h.trim());
  const keep = headers.map((h, i) => (h === 'Actions' ? -1 : i)).filter((i) => i >= 0);
  const rows: string[][] = [];
  for (const row of await list.rows.all()) {
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    rows.push(keep.map((i) => cells[i] ?? ''));
  }
  return { headers: keep.map((i) => headers[i] ?? ''), rows };
}

const TABS: TerritorialTab[] = ['Territoires', 'Organisations', 'Exploitants', 'Sites industriels'];

for (const tab of TABS) {
  test(`${tab}: the export holds every figure the table shows, each in its column`, async ({
    page,
    signInAs,
    list,
    territorialAdmin: admin,
  }) => {
    await signInAs('contract-admin', TerritorialAdminPage.path(tab));
    await expect(admin.tab(tab)).toHaveAttribute('aria-selected', 'true');
    const shown = await shownTable(list);
    const [header, ...lines] = await exportLines(page, list);
    expect(header).toEqual(shown.headers);
    for (const cells of shown.rows) {
      const line = lines.find((l) => l[0] === cells[0]);
      expect(line, `the export has the row ${cells[0]}`).toBeDefined();
      // what the screen shows, a placeholder dash as an empty cell
      expect(line).toEqual(cells.map((c) => (c === '-' ? '' : c)));
    }
    for (const line of lines) for (const cell of line) expect(cell).not.toMatch(/^'/);
  });
}

test('Utilisateurs: the export has the name and the e-mail apart, and both counts', async ({
  page,
  signInAs,
  list,
  territorialAdmin: admin,
}) => {
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  await expect(admin.tab('Utilisateurs')).toHaveAttribute('aria-selected', 'true');
  const shown = await shownTable(list);
  const [header, ...lines] = await exportLines(page, list);
  expect(header).toEqual(['Nom', 'Adresse e-mail', 'Organisations', 'Exploitants']);
  for (const row of await list.rows.all()) {
    // the cell shows the name above the e-mail
    const [name, email] = (await row.getByRole('cell').first().innerText()).split('\n').map((s) => s.trim());
    const line = lines.find((l) => l[1] === email);
    expect(line, `the export has the user ${email}`).toBeDefined();
    const counts = shown.rows.find((r) => r[0]?.includes(email ?? '')) ?? [];
    expect(line).toEqual([name, email, counts[1], counts[2]]);
  }
});
