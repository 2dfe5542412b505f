// The shell's tools that open in a new tab (territorial-admin.md, shell navigation): the Things
// Board portal and the open API site, at the addresses an administrator sets on the contract (the
// default scenario sets them for contract 1), for the persona holding their two roles.
import { test, expect } from '../../fixtures/index.ts';

for (const { entry, heading } of [
  { entry: 'Portail Things Board', heading: 'Portail Things Board (simulation)' },
  { entry: 'Open API', heading: 'Open API (simulation)' },
]) {
  test(`${entry}: the side menu's entry opens the contract's address in a new tab`, async ({
    page,
    shell,
    signInAs,
  }) => {
    await signInAs('tools-admin', '/');
    const link = shell.menuLink(new RegExp(`^${entry} \\(s'ouvre dans un nouvel onglet\\)$`));
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(heading);
    // the portal stays where it was
    await expect(page).toHaveURL(/\/$/);
  });
}

test('an address set by the administrator is the one the entry opens; emptied, the entry goes', async ({
  page,
  shell,
  signInAs,
  mock,
  mockUrl,
}) => {
  const updated = await mock.sendAs('contract-admin', 'updateContractTheme', {
    params: { contractId: 1 },
    body: { openApiUrl: `${mockUrl}/stand-in/open-api?v=2`, thingsBoardUrl: null },
  });
  expect(updated.status).toBe(200);
  await signInAs('tools-admin', '/');
  await expect(shell.menuLink(/^Open API/)).toHaveAttribute('href', `${mockUrl}/stand-in/open-api?v=2`);
  await expect(shell.menuLink(/^Portail Things Board/)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
