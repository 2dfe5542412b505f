/** The wizards against the real mock server, as a contract super admin (contract 1 of the default scenario). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setupI18n } from '@/test/render';
import {
  asPersona,
  controlOf,
  journal,
  mockState,
  signInFresh,
  startMockBackend,
  type RunningMock,
} from '@/test/mock-backend';
import { AddAreaDialog } from './add-area-dialog';
import { AddContractServicesWizard } from './add-contract-services-wizard';
import { AddOrganizationWizard } from './add-organization-wizard';
import { AddUsersWizard } from './add-users-wizard';

vi.setConfig({ testTimeout: 40_000 });

let mock: RunningMock;
beforeAll(async () => {
  await setupI18n();
  mock = await startMockBackend();
});
afterAll(async () => {
  await mock.close();
});

const noop = () => undefined;
const slow = { timeout: 8000 };
const posts = async (path: string) =>
  (await journal(mock, { method: 'POST', path })).filter((e) => e.status !== null && e.status < 300);

describe('AddUsersWizard', () => {
  it('chooses organizations, checks the e-mails, gives each the user role and resets on create new', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    let done = 0;
    renderWithProviders(<AddUsersWizard show onHide={noop} contractId={1} onDone={() => (done += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des utilisateurs' });
    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter Dijon Métropole' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    const field = within(dialog).getByLabelText('Adresses e-mail des utilisateurs');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Veuillez saisir au moins une adresse e-mail.',
    );
    await user.type(field, 'pas-un-email{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Veuillez saisir une adresse e-mail valide.');
    await user.clear(field);
    await user.type(field, 'jeanne@example.fr;paul@example.fr louise@example.fr{Tab}');
    const entered = within(dialog).getByRole('list', { name: 'Adresses saisies' });
    expect(
      within(entered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['jeanne@example.fr', 'paul@example.fr', 'louise@example.fr']);
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    const role = within(dialog).getByRole('combobox', { name: 'Rôle de paul@example.fr' });
    expect(role).toHaveValue('ROLE_USER');
    expect(within(role).queryByRole('option', { name: 'Super administrateur du contrat' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Précédent' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Adresses saisies' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(
      await within(dialog).findByText('Les 3 utilisateurs ont été ajoutés.', undefined, slow),
    ).toBeInTheDocument();
    expect(done).toBe(1);
    expect(await posts('/api/contract/1/user/role')).toHaveLength(1);
    const users = (await asPersona(
      mock,
      'contract-admin',
      '/api/contract/1/user?userFilter=louise&itemsPerPage=50',
    )) as { username: string }[];
    expect(users.map((u) => u.username)).toContain('louise@example.fr');

    await user.click(within(dialog).getByRole('button', { name: 'Créer un nouveau' }));
    expect(within(dialog).getByRole('region', { name: 'Organisations sélectionnées' })).toHaveTextContent(
      'Aucun élément sélectionné',
    );
  });

  it('offers the contract super admin role to a portal super admin only', async () => {
    await signInFresh(mock, 'portal-admin');
    const user = userEvent.setup();
    renderWithProviders(<AddUsersWizard show onHide={noop} contractId={1} organizationId={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des utilisateurs' });
    await user.type(within(dialog).getByLabelText('Adresses e-mail des utilisateurs'), 'chef@example.fr ');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Rôle de chef@example.fr' }),
      'Super administrateur du contrat',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(
      await within(dialog).findByText("L'utilisateur a été ajouté.", undefined, slow),
    ).toBeInTheDocument();
    const roles = await controlOf(mock).roles('chef@example.fr');
    expect(roles.roles).toContain('ROLE_SUPER_ADMIN_CONTRACT');
  });
});

describe('AddOrganizationWizard', () => {
  it('starts each picker step with an empty search: a search typed at the areas step is not carried into the skill sets', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    renderWithProviders(<AddOrganizationWizard show onHide={noop} contractId={1} type="Community" />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une organisation' });
    await user.type(within(dialog).getByLabelText(/Nom de l'organisation/), 'Syndicat des eaux');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await within(dialog).findByRole('button', { name: 'Ajouter Dijon centre' });
    await user.type(within(dialog).getByRole('searchbox'), 'Dijon');
    expect(within(dialog).getByRole('button', { name: 'Ajouter Dijon centre' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(await within(dialog).findByRole('heading', { name: 'Compétences' })).toBeInTheDocument();
    expect(within(dialog).getByRole('searchbox')).toHaveValue('');
    expect(within(dialog).queryByText('Aucun élément disponible')).toBeNull();
    expect((await within(dialog).findAllByRole('button', { name: /^Ajouter / })).length).toBeGreaterThan(0);
  });

  it('checks the operator dates, keeps values on Previous, creates the operator, then saves its configurations with the parent id', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    renderWithProviders(<AddOrganizationWizard show onHide={noop} contractId={1} type="Operator" />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un exploitant' });
    const next = within(dialog).getByRole('button', { name: 'Suivant' });
    expect(next).toBeDisabled();
    const name = within(dialog).getByLabelText(/Nom de l'exploitant/);
    await user.click(name);
    await user.tab();
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await user.type(name, 'Eaux de Bourgogne');
    await user.type(within(dialog).getByLabelText(/Date de début/), '2026-12-31');
    await user.type(within(dialog).getByLabelText(/Date de fin/), '2026-01-01');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'La date de début doit précéder la date de fin.',
    );
    expect(next).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Date de fin/));
    await user.type(within(dialog).getByLabelText(/Date de fin/), '2030-06-30');
    expect(next).toBeEnabled();
    await user.click(next);

    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter Dijon centre' }));
    await user.click(within(dialog).getByRole('button', { name: 'Précédent' }));
    expect(within(dialog).getByLabelText(/Nom de l'exploitant/)).toHaveValue('Eaux de Bourgogne');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('button', { name: 'Retirer Dijon centre' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' })); // no skill set
    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter Power BI' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter Objets connectés' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));

    const form = await within(dialog).findByRole('form', { name: 'Configuration des services' });
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(
      await within(form).findByText(
        'Des champs obligatoires de la configuration ne sont pas renseignés.',
        undefined,
        slow,
      ),
    ).toBeInTheDocument();
    await user.click(
      within(form).getByRole('switch', { name: 'Utiliser la configuration du contrat (Power BI)' }),
    );
    expect(
      within(form).getByText("Le formulaire est désactivé : la configuration du contrat s'applique."),
    ).toBeInTheDocument();
    await user.click(
      within(form).getByRole('switch', { name: 'Utiliser la configuration du contrat (Objets connectés)' }),
    );
    await user.click(
      within(form).getByRole('switch', { name: 'Utiliser la configuration du contrat (Objets connectés)' }),
    );
    await user.type(
      within(within(form).getByRole('group', { name: 'Objets connectés' })).getByRole('textbox', {
        name: /Libellé du bouton/,
      }),
      'Capteurs',
    );
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText("L'exploitant a été créé.", undefined, slow)).toBeInTheDocument();

    const tables = await mockState(mock);
    const org = (tables.organizations as { id: number; label: string; type: string }[]).find(
      (o) => o.label === 'Eaux de Bourgogne',
    );
    expect(org?.type).toBe('Operator');
    const configs = tables.appConfigurations as {
      id: number;
      name: string;
      owner: number;
      ownerType: string;
      parentConfiguration: number | null;
      useParentConfiguration: boolean;
      parameters: Record<string, unknown>;
    }[];
    const parent = configs.find((c) => c.ownerType === 'CONTRACT' && c.owner === 1 && c.name === 'POWER_BI');
    const mine = configs.filter((c) => c.ownerType === 'ORGANIZATION' && c.owner === org?.id);
    expect(mine.map((c) => [c.name, c.useParentConfiguration, c.parentConfiguration])).toEqual([
      ['POWER_BI', true, parent?.id],
      ['THINGS_BOARD', false, null],
    ]);
    expect(mine[1]?.parameters.btnLabel).toBe('Capteurs');

    await user.click(within(dialog).getByRole('button', { name: 'Créer un nouveau' }));
    expect(within(dialog).getByLabelText(/Nom de l'exploitant/)).toHaveValue('');
  });
});

describe('AddContractServicesWizard', () => {
  it('attaches a service and does not save a configuration forcing the child configuration', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    const attached = (await asPersona(
      mock,
      'contract-admin',
      '/api/contract/1/contractService?itemsPerPage=9999',
    )) as { service: { code: string } }[];
    const catalogue = (await asPersona(mock, 'contract-admin', '/api/service?itemsPerPage=9999')) as {
      code: string;
      label: string;
    }[];
    const simple = [
      'WATER_QUALITY',
      'NETWORK_MAP',
      'LEAK_DETECTION',
      'SMART_METERING',
      'FLOOD_ALERT',
      'GIS_VIEWER',
      'AIR_QUALITY',
      'TELEMETRY',
    ];
    const candidates = catalogue.filter(
      (s) => simple.includes(s.code) && !attached.some((a) => a.service.code === s.code),
    );
    const [forced, configured] = candidates;
    if (!forced || !configured)
      throw new Error('the default scenario should leave two simple services unattached');
    renderWithProviders(<AddContractServicesWizard show onHide={noop} contractId={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des services' });
    const alreadyThere = catalogue.find((s) => attached.some((a) => a.service.code === s.code));
    await within(dialog).findByRole('button', { name: `Ajouter ${forced.label}` });
    expect(within(dialog).queryByRole('button', { name: `Ajouter ${alreadyThere?.label}` })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: `Ajouter ${forced.label}` }));
    await user.click(within(dialog).getByRole('button', { name: `Ajouter ${configured.label}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    const form = await within(dialog).findByRole('form', { name: 'Configuration des services' });
    // a 404 on fetching: an empty default forcing the child configuration
    const forceConfigured = within(form).getByRole('switch', {
      name: `Forcer la configuration des organisations (${configured.label})`,
    });
    expect(forceConfigured).toBeChecked();
    expect(
      within(form).getByRole('switch', {
        name: `Forcer la configuration des organisations (${forced.label})`,
      }),
    ).toBeChecked();
    await user.click(forceConfigured);
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(
      await within(form).findByText(
        'Des champs obligatoires de la configuration ne sont pas renseignés.',
        undefined,
        slow,
      ),
    ).toBeInTheDocument();
    const section = within(form).getByRole('group', { name: configured.label });
    await user.type(within(section).getByRole('textbox', { name: /Libellé du bouton/ }), 'Voir');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(
      await within(dialog).findByText('Les services ont été ajoutés au contrat.', undefined, slow),
    ).toBeInTheDocument();
    expect(await posts('/api/contract/1/contractService')).toHaveLength(1);
    expect(await posts('/api/external-apps/configuration')).toHaveLength(1);
    const configs = (await mockState(mock)).appConfigurations as {
      name: string;
      owner: number;
      ownerType: string;
    }[];
    expect(
      configs
        .filter(
          (c) =>
            c.ownerType === 'CONTRACT' && c.owner === 1 && [forced.code, configured.code].includes(c.name),
        )
        .map((c) => c.name),
    ).toEqual([configured.code]);
  });

  it('edits one service straight in its configuration, Validate alone', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    const attached = (await asPersona(
      mock,
      'contract-admin',
      '/api/contract/1/contractService?itemsPerPage=9999',
    )) as { contractServiceId: number; service: { code: string } }[];
    const vaGestDoc = attached.find((a) => a.service.code === 'VA_GEST_DOC');
    if (!vaGestDoc) throw new Error('VA_GEST_DOC should be attached to contract 1');
    renderWithProviders(
      <AddContractServicesWizard
        show
        onHide={noop}
        contractId={1}
        editContractServiceId={vaGestDoc.contractServiceId}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: "Modification d'un service" });
    const field = await within(dialog).findByRole('textbox', { name: /Libellé du bouton/ });
    expect(field).toHaveValue('Documents');
    expect(within(dialog).queryByRole('button', { name: 'Précédent' })).toBeNull();
    await user.clear(field);
    await user.type(field, 'GED');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(
      await within(dialog).findByText('La configuration du service a été enregistrée.', undefined, slow),
    ).toBeInTheDocument();
    const puts = (await journal(mock, { method: 'PUT' })).filter((e) =>
      e.path.startsWith('/api/external-apps/configuration/'),
    );
    expect(puts).toHaveLength(1);
  });
});

describe('AddAreaDialog', () => {
  it('searches municipalities from 3 characters, needs one selected, and creates the area', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    renderWithProviders(<AddAreaDialog show onHide={noop} contractId={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un territoire' });
    const validate = within(dialog).getByRole('button', { name: 'Valider' });
    expect(validate).toBeDisabled();
    const search = within(dialog).getByLabelText('Rechercher une commune');
    await user.type(search, 'di');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await journal(mock, { path: '/api/administrative-division' })).length).toBe(0);
    await user.type(search, 'j');
    expect(
      await within(dialog).findByText(/\d+ résultats?/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect((await journal(mock, { path: '/api/administrative-division' })).length).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter Dijon (21000)' }));
    expect(validate).toBeEnabled();
    await user.click(validate);
    expect(await within(dialog).findByText('Le territoire a été créé.', undefined, slow)).toBeInTheDocument();
    expect(await posts('/api/contract/1/area')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Créer un autre territoire' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeDisabled());
  });
});
