// A contract's appearance: its super admin sets the page title and the favicon (an
// image file, checked and previewed), saved with POST when the contract has no site configuration
// and PUT after; the tab's title and favicon change at once. The colours, the logos and the tool
// addresses are set in the section's second form, previewed, and applied to the shell at once.
import { test, expect } from '../../fixtures/index.ts';

// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+FUWQAAAABJRU5ErkJggg==',
  'base64',
);

interface SiteState {
  tables: {
    siteConfigurations: { contractId: number; documentTitle: string; faviconOnglet: string | null }[];
  };
}

test('the contract super admin sets the title and favicon of its contract; the tab follows at once', async ({
  portalDocument,
  toasts,
  page,
  signInAs,
  mock,
  axe,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  const section = page.getByRole('region', { name: 'Apparence du portail' });
  const title = section.getByLabel('Titre de la page');
  await expect(title).not.toHaveValue('');
  await expect(section).not.toContainText(/\bserveur\b|\bappel\b/);
  await axe();

  const file = section.getByLabel('Favicon');
  // a file that is no accepted image, then one too large: refused before any call, naming the file
  await file.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('logo') });
  await expect(
    section.getByText("« logo.txt » n'est pas une image acceptée", { exact: false }),
  ).toBeVisible();
  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(70 * 1024) });
  await expect(section.getByText('« big.png » dépasse 64 Ko', { exact: false })).toBeVisible();

  await file.setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: PNG });
  await expect(section.getByRole('img', { name: 'Aperçu du favicon' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await title.fill('Eau de Dijon — espace agents');

  // the server fails once: the section says so, keeps the input, and saves on the next try
  await mock.faults.add({ method: 'PUT', path: '/api/contract/1/siteConfiguration', status: 500, times: 1 });
  await section
    .getByRole('form', { name: 'Apparence du portail' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect(section.getByRole('form', { name: 'Apparence du portail' }).getByRole('alert')).toContainText(
    "L'enregistrement a échoué",
  );
  await expect(title).toHaveValue('Eau de Dijon — espace agents');
  await expect(section.getByRole('img', { name: 'Aperçu du favicon' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await section
    .getByRole('form', { name: 'Apparence du portail' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect(toasts.success.last()).toHaveText("L'apparence du contrat a été enregistrée.");

  await expect(page).toHaveTitle(/Eau de Dijon — espace agents/);
  await expect.poll(() => portalDocument.faviconUrl()).toMatch(/^data:image\/png;base64,/);
  const saved = (await mock.exportState<SiteState>()).tables.siteConfigurations.find(
    (c) => c.contractId === 1,
  );
  expect(saved?.documentTitle).toBe('Eau de Dijon — espace agents');
  expect(saved?.faviconOnglet).toMatch(/^data:image\/png;base64,/);
  // still there after a reload
  await page.reload();
  await expect(page).toHaveTitle(/Eau de Dijon — espace agents/);

  // the favicon removed: the tab shows the portal's own again, at once
  await section.getByRole('button', { name: 'Retirer le favicon' }).click();
  await expect(section.getByText("Aucun favicon : celui du portail s'affiche.")).toBeVisible();
  await section
    .getByRole('form', { name: 'Apparence du portail' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect.poll(() => portalDocument.faviconUrl()).toMatch(/\/favicon\.svg$/);
  await expect
    .poll(
      async () =>
        (await mock.exportState<SiteState>()).tables.siteConfigurations.find((c) => c.contractId === 1)
          ?.faviconOnglet,
    )
    .toBeNull();
});

test('a contract without a site configuration gets one with POST, then PUT', async ({
  toasts,
  page,
  signInAs,
  mock,
}) => {
  const created = await mock.sendAs('portal-admin', 'createContract', {
    body: { label: 'Eaux du Val de Saône' },
  });
  expect(created.status).toBe(201);
  const contract = (await created.json()) as { id: number };

  await signInAs('portal-admin', `/admin/contrat/${contract.id}`);
  const section = page.getByRole('region', { name: 'Apparence du portail' });
  const title = section.getByLabel('Titre de la page');
  await expect(title).toHaveValue('');
  await expect(section.getByText("Aucun favicon : celui du portail s'affiche.")).toBeVisible();
  await section
    .getByRole('form', { name: 'Apparence du portail' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect(title).toHaveAccessibleDescription('Ce champ est obligatoire.');

  await title.fill('Val de Saône');
  await section
    .getByRole('form', { name: 'Apparence du portail' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect(toasts.success.last()).toBeVisible();
  await title.fill('Val de Saône — agents');
  await section
    .getByRole('form', { name: 'Apparence du portail' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect
    .poll(
      async () =>
        (await mock.exportState<SiteState>()).tables.siteConfigurations.find(
          (c) => c.contractId === contract.id,
        )?.documentTitle,
    )
    .toBe('Val de Saône — agents');
  const writes = (await mock.journal({ path: `/api/contract/${contract.id}/siteConfiguration` })).filter(
    (call) => call.method !== 'GET' && call.status !== null && call.status < 300,
  );
  expect(writes.map((call) => call.method)).toEqual(['POST', 'PUT']);
});

test('an organization admin does not see the appearance section', async ({ page, signInAs }) => {
  await signInAs('org-admin', '/gestion-territoriale');
  await expect(page.getByRole('main').getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Apparence du portail' })).toHaveCount(0);
});

interface ContractState {
  tables: { contracts: { id: number; metadatas: Record<string, string | null> }[] };
}

test("the contract super admin sets the contract's colours and logo; the shell takes them at once", async ({
  page,
  shell,
  signInAs,
  mock,
  toasts,
}) => {
  await signInAs('contract-admin', '/gestion-territoriale');
  const form = page.getByRole('form', { name: 'Couleurs, logos et outils' });
  await expect(form.getByLabel('Couleur principale')).toBeVisible();
  const before = await shell.primaryColor();

  await form.getByLabel('Couleur principale').fill('#7a1f5c');
  // the preview follows before anything is saved
  await expect(form.getByTestId('branding-preview-primary')).toHaveCSS(
    'background-color',
    'rgb(122, 31, 92)',
  );
  const logo = form.getByLabel('Logo principal');
  await logo.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('logo') });
  await expect(form.getByText("« logo.txt » n'est pas une image acceptée", { exact: false })).toBeVisible();
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Aperçu : Logo principal' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  expect(await shell.primaryColor()).toBe(before);

  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toasts.success.last()).toHaveText(
    'Les couleurs, les logos et les outils du contrat ont été enregistrés.',
  );
  // the header's colour and logo change without a reload
  await expect.poll(() => shell.primaryColor()).toBe('rgb(122, 31, 92)');
  await expect(shell.banner.getByRole('img', { name: /Logo/ }).first()).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  const saved = (await mock.exportState<ContractState>()).tables.contracts.find((c) => c.id === 1);
  expect(saved?.metadatas.primaryColor).toBe('#7a1f5c');
  expect(saved?.metadatas.primaryLogo).toMatch(/^data:image\/png;base64,/);
  // and after a reload
  await page.reload();
  await expect.poll(() => shell.primaryColor()).toBe('rgb(122, 31, 92)');
});
