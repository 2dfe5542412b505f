// The add wizards opened from the list tabs of /gestion-territoriale and /admin/contrat/{id},
// completed as the right persona; the results checked in the lists and in the mock's journal and state.
// The list counts come from the mock (what the persona's screen asks), not from numbers written here.
import { test, expect as harnessExpect, TerritorialAdminPage, Wizard } from '../../fixtures/index.ts';
import type { Locator, Page } from '@playwright/test';

// each test walks a whole wizard with several axe checks: more than the default 30 s on a loaded machine
test.describe.configure({ timeout: 90_000 });
/** Longer web-first waits: the lists and the mock answer slowly when the machine is loaded. */
const expect = harnessExpect.configure({ timeout: 20_000 });

const { path } = TerritorialAdminPage;
const successfulPosts = async (
  mock: { journal: (f: { method: string; path: string }) => Promise<{ status: number | null }[]> },
  path: string,
) => (await mock.journal({ method: 'POST', path })).filter((e) => e.status !== null && e.status < 300).length;

interface StateTables {
  tables: {
    organizations: { id: number; label: string; type: string; contractId: number }[];
    appConfigurations: {
      id: number;
      name: string;
      owner: number;
      ownerType: string;
      useParentConfiguration: boolean;
      parentConfiguration: number | null;
      parameters: Record<string, unknown>;
    }[];
    areas: { id: number; label: string; contractId: number }[];
  };
}

test('add users: keyboard alone, the e-mail rules, the role step, then the users are in the list', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  const users = await mock.totalAs('contract-admin', 'listContractUsers', { params: { contractId: 1 } });
  await signInAs('contract-admin', path('Utilisateurs'));
  await list.expectCount(users);
  await admin.addButton('Utilisateurs').focus();
  await page.keyboard.press('Enter');
  const wizard = admin.wizard('Utilisateurs');
  const dialog = wizard.root;
  await expect(dialog.getByRole('button', { name: 'Ajouter Dijon Métropole' })).toBeVisible();
  await axe();
  // the organizations step: search, add with the keyboard
  await dialog.getByLabel('Rechercher parmi : Organisations disponibles').focus();
  await page.keyboard.type('dijon métro');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Retirer Dijon Métropole' })).toBeVisible();
  await wizard.nextButton.focus();
  await page.keyboard.press('Enter');
  // e-mails
  const emails = dialog.getByLabel('Adresses e-mail des utilisateurs');
  await emails.focus();
  await page.keyboard.press('Tab'); // an empty field: Tab moves on
  await expect(emails).not.toBeFocused();
  await wizard.next();
  await expect(wizard.alert).toHaveText('Veuillez saisir au moins une adresse e-mail.');
  await emails.focus();
  await page.keyboard.type('pas-un-email');
  await page.keyboard.press('Enter');
  await expect(wizard.alert).toHaveText('Veuillez saisir une adresse e-mail valide.');
  await emails.fill('');
  await page.keyboard.type('anne.wizard@example.fr;bruno.wizard@example.fr carla.wizard@example.fr');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('list', { name: 'Adresses saisies' }).getByRole('listitem')).toHaveText([
    'anne.wizard@example.fr',
    'bruno.wizard@example.fr',
    'carla.wizard@example.fr',
  ]);
  await axe();
  await wizard.nextButton.focus();
  await page.keyboard.press('Enter');
  // roles: the user role only for a contract super admin
  await expect(dialog.getByRole('combobox', { name: 'Rôle de bruno.wizard@example.fr' })).toHaveValue(
    'ROLE_USER',
  );
  await expect(dialog.getByRole('combobox', { name: 'Rôle de bruno.wizard@example.fr' })).toBeDisabled();
  await axe();
  // Previous keeps the e-mails
  await wizard.previous();
  await expect(dialog.getByRole('list', { name: 'Adresses saisies' }).getByRole('listitem')).toHaveCount(3);
  await wizard.next();
  await wizard.validateButton.focus();
  await page.keyboard.press('Enter');
  await expect(wizard.success('Les 3 utilisateurs ont été ajoutés.')).toBeVisible();
  await axe();
  expect(await successfulPosts(mock, '/api/contract/1/user/role')).toBe(1);
  // create new starts clean
  await wizard.startOver();
  await expect(dialog.getByRole('region', { name: 'Organisations sélectionnées' })).toHaveText(
    'Aucun élément sélectionné',
  );
  await page.keyboard.press('Escape');
  await wizard.expectHidden();
  await list.expectCount(users + 3);
  await list.search('wizard');
  await expect(list.rows).toHaveCount(3);
});

test('a portal super admin may give the contract super admin role', async ({
  signInAs,
  mock,
  territorialAdmin: admin,
}) => {
  await signInAs('portal-admin', path('Utilisateurs', 1));
  const wizard = await admin.add('Utilisateurs');
  await wizard.next();
  await wizard.field('Adresses e-mail des utilisateurs').fill('cheffe.wizard@example.fr');
  await wizard.field('Adresses e-mail des utilisateurs').press(';');
  await wizard.next();
  await wizard.root
    .getByRole('combobox', { name: 'Rôle de cheffe.wizard@example.fr' })
    .selectOption({ label: 'Super administrateur du contrat' });
  await wizard.validate();
  await expect(wizard.success("L'utilisateur a été ajouté.")).toBeVisible();
  expect((await mock.roles('cheffe.wizard@example.fr')).roles).toContain('ROLE_SUPER_ADMIN_CONTRACT');
});

test('add an operator: empty name, bad date range, Previous keeps values, then it is listed with its configurations saved', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  const operators = await mock.totalAs('contract-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: {
      type: 'Operator',
    },
  });
  await signInAs('contract-admin', path('Exploitants'));
  await list.expectCount(operators);
  const wizard = await admin.add('Exploitants');
  const dialog = wizard.root;
  const next = wizard.nextButton;
  await expect(next).toBeDisabled();
  await dialog.getByLabel(/Nom de l'exploitant/).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
  await dialog.getByLabel(/Nom de l'exploitant/).fill('Eaux de Bourgogne');
  await dialog.getByLabel(/Date de début/).fill('2027-12-31');
  await dialog.getByLabel(/Date de fin/).fill('2027-01-01');
  await expect(dialog.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin.');
  await expect(next).toBeDisabled();
  await axe();
  await dialog.getByLabel(/Date de fin/).fill('2031-06-30');
  await dialog.getByLabel('Pays').selectOption('TN');
  await dialog.getByLabel('Pays').selectOption('FR');
  await dialog.getByLabel('Entité juridique').selectOption({ label: 'Odivea SAS' });
  await next.click();
  await wizard.add('Dijon centre');
  await wizard.previous();
  await expect(wizard.field(/Nom de l'exploitant/)).toHaveValue('Eaux de Bourgogne');
  await next.click();
  await expect(dialog.getByRole('button', { name: 'Retirer Dijon centre' })).toBeVisible();
  await axe();
  await next.click();
  await next.click(); // no skill set
  await wizard.add('Power BI');
  await wizard.add('Objets connectés');
  await next.click();
  const form = wizard.configurationForm;
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(
    form.getByText('Des champs obligatoires de la configuration ne sont pas renseignés.'),
  ).toBeVisible();
  await axe();
  await form.getByRole('switch', { name: 'Utiliser la configuration du contrat (Power BI)' }).check();
  await expect(
    form.getByText("Le formulaire est désactivé : la configuration du contrat s'applique."),
  ).toBeVisible();
  await form
    .getByRole('group', { name: 'Objets connectés' })
    .getByRole('textbox', { name: /Libellé du bouton/ })
    .fill('Capteurs');
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(wizard.success("L'exploitant a été créé.")).toBeVisible();
  expect(await successfulPosts(mock, '/api/contract/1/organization')).toBe(1);
  expect(await successfulPosts(mock, '/api/external-apps/configuration')).toBe(2);
  const { tables } = await mock.exportState<StateTables>();
  const created = tables.organizations.find((o) => o.label === 'Eaux de Bourgogne');
  expect(created?.type).toBe('Operator');
  const parent = tables.appConfigurations.find(
    (c) => c.ownerType === 'CONTRACT' && c.owner === 1 && c.name === 'POWER_BI',
  );
  const own = tables.appConfigurations.filter(
    (c) => c.ownerType === 'ORGANIZATION' && c.owner === created?.id,
  );
  expect(own.map((c) => [c.name, c.useParentConfiguration, c.parentConfiguration])).toEqual([
    ['POWER_BI', true, parent?.id],
    ['THINGS_BOARD', false, null],
  ]);
  await wizard.startOver();
  await expect(wizard.field(/Nom de l'exploitant/)).toHaveValue('');
  await wizard.close();
  await list.expectCount(operators + 1);
  await expect(list.row('Eaux de Bourgogne')).toBeVisible();
});

test('add a community organization with no service: the configuration step says no form exists', async ({
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  const organizations = await mock.totalAs('contract-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: {
      type: 'Community',
    },
  });
  await signInAs('contract-admin', path('Organisations'));
  await list.expectCount(organizations);
  const wizard = await admin.add('Organisations');
  await wizard.field(/Nom de l'organisation/).fill('Commune de Talant');
  await wizard.next(4);
  await expect(
    wizard.text("Aucun formulaire de configuration n'existe pour les services sélectionnés."),
  ).toBeVisible();
  await axe();
  await wizard.validate();
  await expect(wizard.success("L'organisation a été créée.")).toBeVisible();
  await wizard.closeSuccess();
  await expect(list.row('Commune de Talant')).toBeVisible();
  await list.expectCount(organizations + 1);
});

test('add contract services: force-child is not saved, the others are created; the edit modal updates by id', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  const services = await mock.totalAs('contract-admin', 'listContractServices', {
    params: { contractId: 1 },
  });
  await signInAs('contract-admin', path('Services'));
  const wizard = await admin.add('Services');
  const offered = wizard.offered('Services disponibles');
  // Power BI is already attached: never offered
  await expect(offered.first()).toBeVisible();
  await expect(wizard.button('Ajouter Power BI', true)).toHaveCount(0);
  const first = ((await offered.nth(0).textContent()) ?? '').trim();
  const second = ((await offered.nth(1).textContent()) ?? '').trim();
  await offered.nth(0).click();
  await offered.nth(0).click();
  await wizard.next();
  const form = wizard.configurationForm;
  await expect(wizard.previousButton).toBeVisible();
  // a service with no configuration of the contract yet (a 404 on fetching) starts from the empty
  // default, which forces the child configuration; one already configured shows what is stored
  const { tables } = await mock.exportState<{
    tables: {
      appConfigurations: {
        name: string;
        ownerType: string;
        owner: number;
        forceChildConfiguration: boolean;
      }[];
    };
  }>();
  const stored = (code: string) =>
    tables.appConfigurations.find((c) => c.name === code && c.ownerType === 'CONTRACT' && c.owner === 1);
  const switches = form.getByRole('switch', { name: /Forcer la configuration des organisations/ });
  const count = await switches.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const code = ((await switches.nth(i).getAttribute('id')) ?? '').replace(/^toggle-/, '');
    const configuration = stored(code);
    if (!configuration || configuration.forceChildConfiguration) await expect(switches.nth(i)).toBeChecked();
    else await expect(switches.nth(i)).not.toBeChecked();
  }
  await axe();
  await mock.clearJournal();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(wizard.success('Les services ont été ajoutés au contrat.')).toBeVisible();
  expect(await successfulPosts(mock, '/api/contract/1/contractService')).toBe(1);
  expect(await successfulPosts(mock, '/api/external-apps/configuration')).toBe(0);
  await wizard.closeSuccess();
  await wizard.expectHidden();
  await list.expectCount(services + 2);
  // the list is paged: look the new services up with its search
  for (const name of [first, second]) {
    await list.search(name);
    await expect(list.row(name)).toBeVisible();
  }
  await list.search('');

  // edition: straight to the configuration, Validate alone, an update by id (the add step may
  // have updated a configuration the contract already had: only the edit's calls count)
  await mock.clearJournal();
  await list
    .row('Gestion documentaire')
    .getByRole('button', { name: 'Modifier le service Gestion documentaire' })
    .click();
  const edit = new Wizard(page, "Modification d'un service");
  const label = edit.root.getByRole('textbox', { name: /Libellé du bouton/ });
  await expect(label).toHaveValue('Documents');
  await expect(edit.previousButton).toHaveCount(0);
  await label.fill('');
  await edit.validate();
  await expect(
    edit.text('Des champs obligatoires de la configuration ne sont pas renseignés.'),
  ).toBeVisible();
  await label.fill('GED');
  await edit.validate();
  await expect(edit.success('La configuration du service a été enregistrée.')).toBeVisible();
  expect(
    (await mock.journal({ method: 'PUT', path: '/api/external-apps/configuration/*' })).filter(
      (e) => e.status === 200,
    ),
  ).toHaveLength(1);
});

test('the external services form: entries, is-portal fields, a disallowed image refused, an allowed one previewed', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  await signInAs('contract-admin', path('Services'));
  await list
    .row('Services externes')
    .getByRole('button', { name: 'Modifier le service Services externes' })
    .click();
  const edit = new Wizard(page, "Modification d'un service");
  await expect(edit.root.getByRole('group', { name: /Portail abonnés/ })).toBeVisible();
  await edit.button('Ajouter un service externe').click();
  const entry = edit.root.getByRole('group', { name: 'Service 3' });
  await entry.getByRole('textbox', { name: /Libellé/ }).fill('Espace Travaux Publics');
  await expect(edit.root.getByRole('group', { name: /Espace Travaux Publics/ })).toContainText(
    'code ESPACETRAVAUXPUBLICS',
  );
  const added = edit.root.getByRole('group', { name: /Espace Travaux Publics/ });
  await expect(added.getByRole('textbox', { name: /Adresse/ })).toHaveAttribute('placeholder', '{host}');
  await expect(added.getByRole('textbox', { name: /Catégories/ })).toHaveAttribute(
    'placeholder',
    '1502,1505',
  );
  await added.getByRole('textbox', { name: /Adresse/ }).fill('https://travaux.example.org');
  await added.getByRole('textbox', { name: /Catégories/ }).fill('1502,1505');
  await added.getByRole('switch', { name: 'Est un portail' }).check();
  await expect(added.getByRole('textbox', { name: /Couleur de fond du bandeau/ })).toHaveAttribute(
    'placeholder',
    '#f0f0f0',
  );
  await edit.validate();
  await expect(
    edit.text('Des champs obligatoires de la configuration ne sont pas renseignés.'),
  ).toBeVisible();
  await added
    .getByLabel('Logo du bandeau')
    .setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(added.getByRole('alert')).toContainText("« logo.pdf » n'est pas une image acceptée");
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await added
    .getByLabel('Logo du bandeau')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(added.getByRole('img', { name: 'Aperçu du logo' })).toBeVisible();
  await added.getByRole('textbox', { name: /Nom de connexion personnalisé/ }).fill('travaux-sso');
  await added.getByRole('textbox', { name: /Couleur de fond du bandeau/ }).fill('#f0f0f0');
  await added.getByRole('textbox', { name: /Métadonnées/ }).fill('{"login":"a","password":"b"}');
  await axe();
  await edit.validate();
  await expect(edit.success('La configuration du service a été enregistrée.')).toBeVisible();
  const { tables } = await mock.exportState<StateTables>();
  const saved = tables.appConfigurations.find(
    (c) => c.ownerType === 'CONTRACT' && c.owner === 1 && c.name === 'EXTERNAL_SERVICES',
  );
  const services = saved?.parameters.services as { code: string; isPortal: boolean; bannerLogo: string }[];
  expect(services.map((s) => s.code)).toEqual(['PORTAILABONNES', 'SUIVITRAVAUX', 'ESPACETRAVAUXPUBLICS']);
  expect(services[2]?.isPortal).toBe(true);
  expect(services[2]?.bannerLogo).toMatch(/^data:image\/png;base64,/);
});

test('add an area from the contract details: municipality search from 3 characters, Validate only once one is chosen', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
  axe,
}) => {
  const areas = await mock.totalAs('portal-admin', 'listContractAreas', { params: { contractId: 1 } });
  await signInAs('portal-admin', path('Territoires', 1));
  await list.expectCount(areas);
  const wizard = await admin.add('Territoires');
  const dialog = wizard.root;
  await expect(wizard.validateButton).toBeDisabled();
  await wizard.field('Rechercher une commune').fill('di');
  await expect(wizard.text(/résultat/)).toHaveCount(0);
  await wizard.field('Rechercher une commune').fill('dij');
  await expect(wizard.text(/\d+ résultats?/)).toBeVisible();
  expect((await mock.journal({ path: '/api/administrative-division' })).length).toBe(1);
  await expect(
    dialog.getByRole('list', { name: 'Communes trouvées' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(
    await dialog.getByRole('list', { name: 'Communes trouvées' }).getByRole('listitem').count(),
  ).toBeLessThanOrEqual(15);
  await axe();
  await wizard.add('Dijon (21000)');
  await wizard.validate();
  await expect(wizard.success('Le territoire a été créé.')).toBeVisible();
  expect(await successfulPosts(mock, '/api/contract/1/area')).toBe(1);
  await wizard.startOver('Créer un autre territoire');
  await expect(wizard.validateButton).toBeDisabled();
  await page.keyboard.press('Escape');
  await list.expectCount(areas + 1);
});

test('organization areas and services dialogs from the organization details', async ({
  page,
  signInAs,
  mock,
  list,
  axe,
}) => {
  const { tables } = await mock.exportState<StateTables>();
  const organization = tables.organizations.find(
    (o) => o.contractId === 1 && o.type === 'Community' && o.label !== 'Dijon Métropole',
  );
  if (!organization) throw new Error('the default scenario has community organizations in contract 1');
  await signInAs(
    'contract-admin',
    `/gestion-territoriale/organisation-territoriale/${organization.id}#territoires`,
  );
  await page.getByRole('button', { name: 'Ajouter un territoire' }).click();
  const areas = new Wizard(page, 'Ajouter des territoires');
  const offered = areas.offered('Territoires disponibles');
  await expect(offered.first()).toBeVisible();
  const label = ((await offered.first().textContent()) ?? '').trim();
  await offered.first().click();
  await axe();
  await areas.validate();
  await expect(areas.success('Les territoires ont été ajoutés.')).toBeVisible();
  const put = await mock.journal({ method: 'PUT', path: `/api/organization/${organization.id}/area` });
  expect(put.filter((e) => e.status === 200)).toHaveLength(1);
  await areas.closeSuccess();
  await expect(list.row(label)).toBeVisible();

  await page.getByRole('tab', { name: 'Services' }).click();
  await page.getByRole('button', { name: 'Ajouter des services' }).click();
  const services = new Wizard(page, 'Ajouter des services');
  const candidates = services.offered('Services disponibles');
  await expect(candidates.first()).toBeVisible();
  await candidates.first().click();
  await services.next();
  await expect(services.configurationForm).toBeVisible();
  await axe();
  await services.previous();
  await expect(services.offered('Services sélectionnés')).toHaveCount(1);
  await services.next();
  const form = services.configurationForm;
  // fill what a section needs, or take the contract's configuration
  const parentSwitches = form.getByRole('switch', { name: /Utiliser la configuration du contrat/ });
  for (let i = 0; i < (await parentSwitches.count()); i += 1) await parentSwitches.nth(i).check();
  const labels = form.getByRole('textbox', { name: /Libellé du bouton/ });
  for (let i = 0; i < (await labels.count()); i += 1)
    if (await labels.nth(i).isEnabled()) await labels.nth(i).fill('Ouvrir');
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(services.success('Les services ont été ajoutés.')).toBeVisible();
  const putServices = await mock.journal({
    method: 'PUT',
    path: `/api/organization/${organization.id}/service`,
  });
  expect(putServices.filter((e) => e.status === 200)).toHaveLength(1);
});

test('the organization, area and contract services wizards with the keyboard alone (contract details)', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
}) => {
  /** Moves the focus to a control (as Tab would) and activates it with a key. */
  const press = async (target: Locator, key = 'Enter') => {
    await target.focus();
    await page.keyboard.press(key);
  };
  // the contract details of a portal super admin: the same tabs, plus the add-area button
  const organizations = await mock.totalAs('portal-admin', 'listContractOrganizations', {
    params: { contractId: 1 },
    query: {
      type: 'Community',
    },
  });
  await signInAs('portal-admin', path('Organisations', 1));
  await list.expectCount(organizations);
  await press(admin.addButton('Organisations'));
  const organization = admin.wizard('Organisations');
  await organization.field(/Nom de l'organisation/).focus();
  await page.keyboard.type('Commune de Chenôve');
  await press(organization.nextButton);
  await press(organization.button('Ajouter Dijon centre'));
  await expect(organization.button('Retirer Dijon centre')).toBeVisible();
  for (let i = 0; i < 3; i += 1) await press(organization.nextButton);
  await press(organization.validateButton);
  await expect(organization.success("L'organisation a été créée.")).toBeVisible();
  await page.keyboard.press('Escape');
  await organization.expectHidden();
  await expect(list.row('Commune de Chenôve')).toBeVisible();
  await list.expectCount(organizations + 1);

  await press(admin.tab('Territoires'));
  await press(admin.addButton('Territoires'));
  const area = admin.wizard('Territoires');
  await area.field('Rechercher une commune').focus();
  await page.keyboard.type('dij');
  await press(area.button('Ajouter Dijon (21000)'));
  await press(area.validateButton);
  await expect(area.success('Le territoire a été créé.')).toBeVisible();
  await page.keyboard.press('Escape');
  await area.expectHidden();

  await press(admin.tab('Services'));
  await press(admin.addButton('Services'));
  const services = admin.wizard('Services');
  const offered = services.offered('Services disponibles');
  await expect(offered.first()).toBeVisible();
  await press(offered.first());
  await expect(services.offered('Services sélectionnés')).toHaveCount(1);
  await press(services.nextButton);
  await press(services.configurationForm.getByRole('button', { name: 'Valider' }));
  await expect(services.success('Les services ont été ajoutés au contrat.')).toBeVisible();
  expect(await successfulPosts(mock, '/api/contract/1/organization')).toBe(1);
  expect(await successfulPosts(mock, '/api/contract/1/area')).toBe(1);
  expect(await successfulPosts(mock, '/api/contract/1/contractService')).toBe(1);
});

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `the focus never reached ${target.toString()} in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`,
  );
}

interface OperatorState {
  tables: {
    organizations: {
      id: number;
      label: string;
      type: string;
      contractId: number;
      areaIds: number[];
      legalEntityId: number | null;
      operatorContractId: string | null;
      startDate: string | null;
      endDate: string | null;
    }[];
    legalEntities: { id: number; contractId: number; label: string; countryCode: string; type: string }[];
    areas: { id: number; label: string; contractId: number }[];
    appConfigurations: { name: string; owner: number; ownerType: string; useParentConfiguration: boolean }[];
  };
}

test('add an operator with the keyboard alone: from the operators tab to the new operator in the list', async ({
  page,
  signInAs,
  mock,
  list,
  territorialAdmin: admin,
}) => {
  const before = (await mock.exportState<OperatorState>()).tables;
  const operators = before.organizations.filter((o) => o.contractId === 1 && o.type === 'Operator');
  const entities = before.legalEntities.filter(
    (e) => e.contractId === 1 && e.type === 'Operator' && e.countryCode === 'FR',
  );
  await signInAs('contract-admin', path('Exploitants'));
  await list.expectCount(operators.length);

  await tabTo(page, admin.addButton('Exploitants'));
  await page.keyboard.press('Enter');
  const wizard = admin.wizard('Exploitants');
  const dialog = wizard.root;
  await expect(dialog).toBeVisible();

  // step 1: name, operator contract number, dates typed segment by segment, legal entity by arrow;
  // the day equals the month so that the browser's segment order (jj/mm or mm/dd) does not matter
  const name = dialog.getByLabel(/Nom de l'exploitant/);
  await tabTo(page, name);
  await page.keyboard.type('Eaux du Morvan');
  // the new name to come is optional: left empty
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Nouvelle dénomination')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel("Identifiant du contrat d'exploitation")).toBeFocused();
  await page.keyboard.type('EXP-2027-04');
  await tabTo(page, dialog.getByLabel(/Date de début/));
  await page.keyboard.type('03032027');
  await tabTo(page, dialog.getByLabel(/Date de fin/));
  await page.keyboard.type('06062031');
  await expect(dialog.getByLabel(/Date de début/)).toHaveValue('2027-03-03');
  await expect(dialog.getByLabel(/Date de fin/)).toHaveValue('2031-06-06');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const entity = dialog.getByLabel('Entité juridique');
  await tabTo(page, entity);
  await page.keyboard.press('ArrowDown');
  const firstEntity = entities[0];
  if (!firstEntity) throw new Error('contract 1 has French operator legal entities');
  await expect(entity).toHaveValue(String(firstEntity.id));
  const next = wizard.nextButton;
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // step 2: areas, chosen with Space after searching
  await expect(dialog.getByRole('heading', { name: 'Territoires', level: 3, exact: true })).toBeVisible();
  const area = before.areas.find((a) => a.contractId === 1);
  if (!area) throw new Error('contract 1 has areas');
  await tabTo(page, dialog.getByLabel('Rechercher parmi : Territoires disponibles'));
  await page.keyboard.type(area.label);
  await tabTo(page, dialog.getByRole('button', { name: `Ajouter ${area.label}`, exact: true }));
  await page.keyboard.press('Space');
  await expect(
    dialog
      .getByRole('region', { name: 'Territoires sélectionnés' })
      .getByRole('button', { name: `Retirer ${area.label}`, exact: true }),
  ).toBeVisible();
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  // step 3: no skill set
  await expect(dialog.getByRole('heading', { name: 'Compétences', level: 3, exact: true })).toBeVisible();
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  // step 4: Power BI
  await expect(dialog.getByRole('heading', { name: 'Services', level: 3, exact: true })).toBeVisible();
  const powerBi = dialog.getByRole('button', { name: 'Ajouter Power BI', exact: true });
  await tabTo(page, powerBi);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Retirer Power BI', exact: true })).toBeVisible();
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  // step 5: the contract's configuration, switched on with Space, then Validate
  const form = dialog.getByRole('form', { name: 'Configuration des services' });
  const useContract = form.getByRole('switch', { name: 'Utiliser la configuration du contrat (Power BI)' });
  await tabTo(page, useContract);
  await page.keyboard.press('Space');
  await expect(useContract).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Valider' }));
  await page.keyboard.press('Enter');
  await expect(wizard.success("L'exploitant a été créé.")).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await list.expectCount(operators.length + 1);
  await expect(list.row('Eaux du Morvan')).toBeVisible();
  const after = (await mock.exportState<OperatorState>()).tables;
  const created = after.organizations.find((o) => o.label === 'Eaux du Morvan');
  expect(created).toMatchObject({
    contractId: 1,
    type: 'Operator',
    areaIds: [area.id],
    legalEntityId: firstEntity.id,
    operatorContractId: 'EXP-2027-04',
    startDate: '2027-03-03',
    endDate: '2031-06-06',
  });
  expect(
    after.appConfigurations
      .filter((c) => c.ownerType === 'ORGANIZATION' && c.owner === created?.id)
      .map((c) => [c.name, c.useParentConfiguration]),
  ).toEqual([['POWER_BI', true]]);
});
