// The lists search as the user types (once the typing pauses), with a visible search button too.
import { PAGING } from '@portal/contract/constants';
import { test, expect, TerritorialAdminPage } from '../../fixtures/index.ts';

test('the users tab searches as the user types, and with its button', async ({
  page,
  signInAs,
  mock,
  list,
}) => {
  const users = await mock.totalAs('contract-admin', 'listContractUsers', { params: { contractId: 1 } });
  expect(users, 'more users than a page, for the search to narrow the page').toBeGreaterThan(
    PAGING.defaultItemsPerPage,
  );
  await signInAs('contract-admin', TerritorialAdminPage.path('Utilisateurs'));
  const { rows } = list;
  await expect(rows).toHaveCount(PAGING.defaultItemsPerPage);
  await mock.clearJournal();

  // no Enter: the search runs once the typing pauses, and only once
  await list.searchBox.pressSequentially('Martin', { delay: 50 });
  await expect(page).toHaveURL(/users_q=Martin/);
  // the first page stays shown until the answer comes: wait for the narrowed list
  await expect.poll(() => rows.count()).toBeLessThan(PAGING.defaultItemsPerPage);
  await expect(list.row('contract-admin@portal.test')).toBeVisible();
  const shown = await rows.count();
  for (let i = 0; i < shown; i += 1) await expect(rows.nth(i)).toContainText(/martin/i);
  const searches = await mock.journal({ path: '/api/contract/*/user' });
  expect(searches.length, 'one list call for the whole word').toBe(1);

  // the button searches at once
  await list.searchBox.fill('contract-admin');
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/users_q=contract-admin/);
  await expect(rows).toHaveCount(1);
});
