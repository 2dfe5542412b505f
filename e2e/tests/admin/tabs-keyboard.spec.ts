// The tabs of the territorial management, of an organization's detail and of a user's detail
// follow the WAI-ARIA tabs pattern: the arrows move the focus and the selection together through
// every tab and wrap, Home and End go to the ends, and only the selected tab is in the Tab order.
import type { Page } from '@playwright/test';
import { test, expect, type PagedList } from '../../fixtures/index.ts';
import { TabList } from '../../pages/tabs.ts';

test.describe.configure({ timeout: 60_000 });

/** Walks every tab with the keys, from the first one selected. */
async function walk(page: Page) {
  const tabs = new TabList(page);
  await expect(tabs.selected).toBeVisible();
  const count = await tabs.tabs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await tabs.tabs.first().focus();
  await tabs.expectCurrent(0);
  for (let k = 1; k < count; k++) await tabs.press('ArrowRight', k);
  await tabs.press('ArrowRight', 0);
  await tabs.press('ArrowLeft', count - 1);
  await tabs.press('ArrowLeft', count - 2);
  await tabs.press('Home', 0);
  await tabs.press('End', count - 1);
  // the panel shown is the selected tab's
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName(
    (await tabs.tabs.nth(count - 1).textContent()) ?? '',
  );
}

/** Opens the detail link of the first row of the list shown. */
async function openDetail(page: Page, list: PagedList, link: RegExp, path: RegExp) {
  await list.rows.first().getByRole('link', { name: link }).first().click();
  await expect(page).toHaveURL(path);
}

test('territorial management tabs: arrows, Home and End move focus and selection', async ({
  page,
  signInAs,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  await walk(page);
});

test('organization detail tabs: arrows, Home and End move focus and selection', async ({
  page,
  signInAs,
  list,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale#organisations');
  await openDetail(page, list, /^Voir l'organisation/, /\/organisation-territoriale\/\d+$/);
  await walk(page);
});

test('user detail tabs: arrows, Home and End move focus and selection', async ({ page, signInAs, list }) => {
  await signInAs('contract-admin', '/gestion-territoriale#utilisateurs');
  await openDetail(page, list, /^Voir l'utilisateur/, /\/utilisateur\/\d+/);
  await walk(page);
});
