/**
 * The named service forms rendered through the service configuration form: the fields each shows,
 * the required-field errors, the parameters handed to Validate; the checkbox values normalised
 * through isChecked; the signal notification saved on each change (request types from the mock).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECRET_MASK } from '@portal/contract/configuration';
import type { AppConfiguration, OwnerType } from '@portal/contract';
import { renderWithProviders, setupI18n } from '@/test/render';
import { mockState, signInFresh, startMockBackend, type RunningMock } from '@/test/mock-backend';
import { ServiceConfigForm } from './service-config-form';
import type { ConfigurationDraft } from './saving';

vi.setConfig({ testTimeout: 30_000 });

let mock: RunningMock;
beforeAll(async () => {
  await setupI18n();
  mock = await startMockBackend();
});
afterAll(async () => {
  await mock.close();
});

const draft = (
  name: string,
  over: Partial<AppConfiguration> = {},
  ownerType: OwnerType = 'CONTRACT',
): ConfigurationDraft => ({
  id: null,
  name,
  owner: 1,
  ownerType,
  parameters: {},
  forceChildConfiguration: false,
  useParentConfiguration: false,
  parentConfiguration: null,
  displayButtonForceChildConfiguration: false,
  ...over,
});

function renderForm(
  drafts: ConfigurationDraft[],
  extra: {
    ownerType?: OwnerType;
    parents?: AppConfiguration[];
    onSignalChange?: (d: ConfigurationDraft) => void;
  } = {},
) {
  const onValidate = vi.fn<(drafts: ConfigurationDraft[]) => void>();
  renderWithProviders(
    <ServiceConfigForm
      contractId={1}
      ownerType={extra.ownerType ?? 'CONTRACT'}
      services={drafts.map((d) => ({ code: d.name, label: `Service ${d.name}` }))}
      drafts={drafts}
      parents={extra.parents}
      onValidate={onValidate}
      onSignalChange={extra.onSignalChange}
    />,
  );
  return { onValidate, form: screen.getByRole('form', { name: 'Configuration des services' }) };
}

const validate = () => userEvent.click(screen.getByRole('button', { name: 'Valider' }));
const missing = () => screen.findByRole('alert');
const parametersOf = (onValidate: { mock: { calls: ConfigurationDraft[][][] } }, name: string) =>
  onValidate.mock.calls.at(-1)?.[0]?.find((d) => d.name === name)?.parameters;

describe('Power BI form', () => {
  it('shows the user and password in masteruser mode, the client secret in serviceprincipal mode, and requires the mode and button label', async () => {
    const { onValidate } = renderForm([draft('POWER_BI')]);
    const section = screen.getByRole('group', { name: 'Service POWER_BI' });
    await validate();
    expect(await missing()).toHaveTextContent(
      'Des champs obligatoires de la configuration ne sont pas renseignés.',
    );
    expect(within(section).getByLabelText(/Mode d'authentification/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText(/Libellé du bouton/)).toHaveAttribute('aria-invalid', 'true');
    expect(onValidate).not.toHaveBeenCalled();

    await userEvent.selectOptions(within(section).getByLabelText(/Mode d'authentification/), 'masteruser');
    expect(within(section).getByLabelText('Utilisateur')).toBeInTheDocument();
    expect(within(section).getByLabelText('Mot de passe')).toHaveAttribute('type', 'password');
    expect(within(section).queryByLabelText('Secret client')).toBeNull();
    expect(within(section).queryByLabelText('Identifiant du contrat')).toBeNull();

    await userEvent.selectOptions(
      within(section).getByLabelText(/Mode d'authentification/),
      'serviceprincipal',
    );
    expect(within(section).queryByLabelText('Utilisateur')).toBeNull();
    expect(within(section).queryByLabelText('Mot de passe')).toBeNull();
    await userEvent.type(within(section).getByLabelText('Secret client'), 's3cret');
    await userEvent.type(within(section).getByLabelText(/Libellé du bouton/), 'Rapports');
    await userEvent.type(within(section).getByLabelText('Identifiant client'), 'client-1');
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'POWER_BI')).toMatchObject({
      authenticationMode: 'serviceprincipal',
      btnLabel: 'Rapports',
      clientId: 'client-1',
      clientSecret: 's3cret',
    });
  });

  it('report trends: the Power BI fields plus the contract id, saved with the others', async () => {
    const { onValidate } = renderForm([draft('REPORT_TRENDS')]);
    const section = screen.getByRole('group', { name: 'Service REPORT_TRENDS' });
    await userEvent.selectOptions(within(section).getByLabelText(/Mode d'authentification/), 'masteruser');
    await userEvent.type(within(section).getByLabelText(/Libellé du bouton/), 'Tendances');
    await userEvent.type(within(section).getByLabelText('Utilisateur'), 'bi@example.fr');
    await userEvent.type(within(section).getByLabelText('Identifiant du contrat'), '42');
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'REPORT_TRENDS')).toMatchObject({
      authenticationMode: 'masteruser',
      btnLabel: 'Tendances',
      powerBiUser: 'bi@example.fr',
      contractId: '42',
    });
  });
});

describe('proximity request form', () => {
  it('requires both codes and saves them', async () => {
    const { onValidate } = renderForm([draft('PROXIMITY_REQUEST')]);
    const section = screen.getByRole('group', { name: 'Service PROXIMITY_REQUEST' });
    await userEvent.type(within(section).getByLabelText(/Code collectivité/), '21231');
    await validate();
    expect(await missing()).toBeInTheDocument();
    expect(within(section).getByLabelText(/Code collectivité/)).not.toHaveAttribute('aria-invalid');
    expect(within(section).getByLabelText(/Code Banco/)).toHaveAttribute('aria-invalid', 'true');
    expect(onValidate).not.toHaveBeenCalled();
    await userEvent.type(within(section).getByLabelText(/Code Banco/), 'B-77');
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'PROXIMITY_REQUEST')).toEqual({
      codeCollectivite: '21231',
      codeBanco: 'B-77',
    });
  });
});

describe('external-site login form (PORTAL_VDM)', () => {
  it('requires the login, the password and the button label, and saves them', async () => {
    const { onValidate } = renderForm([draft('PORTAL_VDM')]);
    const section = screen.getByRole('group', { name: 'Service PORTAL_VDM' });
    await validate();
    expect(await missing()).toBeInTheDocument();
    for (const label of [/Identifiant/, /Mot de passe/, /Libellé du bouton/])
      expect(within(section).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText(/Mot de passe/)).toHaveAttribute('type', 'password');
    await userEvent.type(within(section).getByLabelText(/Identifiant/), 'agent.vdm');
    await userEvent.type(within(section).getByLabelText(/Mot de passe/), 'pa55');
    await userEvent.type(within(section).getByLabelText(/Libellé du bouton/), 'Portail VDM');
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'PORTAL_VDM')).toEqual({
      login: 'agent.vdm',
      password: 'pa55',
      btnLabel: 'Portail VDM',
    });
  });
});

describe('stored secrets', () => {
  it('a password answered in clear is never put in its field, and saving untouched sends back what was answered', async () => {
    const stored = { login: 'agent.vdm', password: 'clear-Secret-1', btnLabel: 'Portail VDM' };
    const { onValidate } = renderForm([draft('PORTAL_VDM', { id: 4, parameters: stored })]);
    const section = screen.getByRole('group', { name: 'Service PORTAL_VDM' });
    const password = within(section).getByLabelText(/Mot de passe/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue(SECRET_MASK);
    expect(document.body.innerHTML).not.toContain('clear-Secret-1');
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'PORTAL_VDM')).toEqual(stored);
  });

  it('a password answered masked (the mock) goes back masked when untouched, and as typed when changed', async () => {
    const { onValidate } = renderForm([
      draft('POWER_BI', {
        id: 5,
        parameters: {
          authenticationMode: 'masteruser',
          btnLabel: 'Rapports',
          powerBiUser: 'bi@example.fr',
          powerBiPassword: SECRET_MASK,
        },
      }),
    ]);
    const section = screen.getByRole('group', { name: 'Service POWER_BI' });
    await userEvent.selectOptions(within(section).getByLabelText(/Mode d'authentification/), 'masteruser');
    expect(within(section).getByLabelText('Mot de passe')).toHaveValue(SECRET_MASK);
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'POWER_BI')).toMatchObject({ powerBiPassword: SECRET_MASK });
    const password = within(section).getByLabelText('Mot de passe');
    await userEvent.clear(password);
    await userEvent.type(password, 'new-Secret-2');
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(2));
    expect(parametersOf(onValidate, 'POWER_BI')).toMatchObject({ powerBiPassword: 'new-Secret-2' });
  });
});

describe("organization's external services (dual list)", () => {
  it("offers the contract's external services and saves the codes chosen", async () => {
    const parent = draft('EXTERNAL_SERVICES', {
      id: 9,
      parameters: {
        services: [
          { code: 'GEST_EAU', label: 'Gest Eau', url: 'https://a', categories: '1502' },
          { label: 'Carto Réseau', url: 'https://b', categories: '1505' },
          { label: '', url: '', categories: '' },
        ],
      },
    });
    const { onValidate } = renderForm(
      [draft('EXTERNAL_SERVICES', { parameters: { services: [] } }, 'ORGANIZATION')],
      { ownerType: 'ORGANIZATION', parents: [parent] },
    );
    const section = screen.getByRole('group', { name: 'Service EXTERNAL_SERVICES' });
    expect(within(section).getByRole('button', { name: 'Ajouter Gest Eau' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Ajouter Carto Réseau' })).toBeInTheDocument();
    expect(within(section).getAllByRole('button', { name: /^Ajouter / })).toHaveLength(2);
    // the entry without a code gets the upper-cased camel case of its label (portal.md)
    await userEvent.click(within(section).getByRole('button', { name: 'Ajouter Carto Réseau' }));
    expect(within(section).getByRole('button', { name: 'Retirer Carto Réseau' })).toBeInTheDocument();
    await validate();
    await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
    expect(parametersOf(onValidate, 'EXTERNAL_SERVICES')).toEqual({ services: ['CARTORESEAU'] });
  });
});

describe('checkbox values through isChecked', () => {
  it.each([
    ['0', false],
    ['1', true],
    [true, true],
    [false, false],
  ] as const)('force child %j shows %s and disables the section accordingly', async (value, checked) => {
    renderForm([
      draft('THINGS_BOARD', {
        forceChildConfiguration: value as unknown as boolean,
        parameters: { btnLabel: 'Objets' },
      }),
    ]);
    const toggle = screen.getByRole('switch', {
      name: 'Forcer la configuration des organisations (Service THINGS_BOARD)',
    });
    expect((toggle as HTMLInputElement).checked).toBe(checked);
    expect(screen.getByRole('group', { name: 'Service THINGS_BOARD' })).toHaveProperty('disabled', checked);
  });

  it.each([
    ['0', false],
    ['1', true],
    [true, true],
    [false, false],
  ] as const)('use parent %j shows %s', async (value, checked) => {
    const parent = draft('THINGS_BOARD', { id: 3, parameters: { btnLabel: 'Objets' } });
    renderForm(
      [
        draft(
          'THINGS_BOARD',
          { useParentConfiguration: value as unknown as boolean, parameters: { btnLabel: 'Objets' } },
          'ORGANIZATION',
        ),
      ],
      {
        ownerType: 'ORGANIZATION',
        parents: [parent],
      },
    );
    const toggle = screen.getByRole('switch', {
      name: 'Utiliser la configuration du contrat (Service THINGS_BOARD)',
    });
    expect((toggle as HTMLInputElement).checked).toBe(checked);
  });

  it.each([
    ['0', false],
    ['1', true],
    [true, true],
    [false, false],
  ] as const)(
    "an external entry's is-portal %j shows %s, and Validate hands over a boolean",
    async (value, checked) => {
      const entry = {
        label: 'Gest Eau',
        url: 'https://a',
        categories: '1502',
        isPortal: value,
        customConnect: 'gest',
        bannerBackgroundColor: '#fff',
        metadata: '{}',
      };
      const { onValidate } = renderForm([draft('EXTERNAL_SERVICES', { parameters: { services: [entry] } })]);
      const toggle = screen.getByRole('switch', { name: 'Est un portail' });
      expect((toggle as HTMLInputElement).checked).toBe(checked);
      expect(screen.queryByLabelText(/Nom de connexion personnalisé/) !== null).toBe(checked);
      await validate();
      await waitFor(() => expect(onValidate).toHaveBeenCalledTimes(1));
      expect(parametersOf(onValidate, 'EXTERNAL_SERVICES')).toMatchObject({
        services: [{ label: 'Gest Eau', isPortal: checked }],
      });
    },
  );
});

describe('signal notification', () => {
  it('is saved on each change of its request types, without Validate', async () => {
    await signInFresh(mock, 'contract-admin');
    const saved: ConfigurationDraft[] = [];
    const { onValidate } = renderForm([draft('SIGNAL_NOTIFY', { parameters: { requestTypes: [] } })], {
      onSignalChange: (d) => saved.push(d),
    });
    const section = screen.getByRole('group', { name: 'Service SIGNAL_NOTIFY' });
    const boxes = await within(section).findAllByRole('checkbox', {}, { timeout: 10_000 });
    expect(boxes.length).toBeGreaterThan(1);
    const [first, second] = boxes as [HTMLInputElement, HTMLInputElement];
    const types = (await mockState(mock)).requestTypes as { id: number; label: string; contractId: number }[];
    const idOf = (box: HTMLInputElement) =>
      types.find((t) => t.contractId === 1 && t.label === box.labels?.[0]?.textContent)?.id;
    await userEvent.click(first);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'SIGNAL_NOTIFY', parameters: { requestTypes: [idOf(first)] } });
    await userEvent.click(second);
    expect(saved.at(-1)?.parameters).toEqual({ requestTypes: [idOf(first), idOf(second)] });
    await userEvent.click(first);
    expect(saved).toHaveLength(3);
    expect(saved.at(-1)?.parameters).toEqual({ requestTypes: [idOf(second)] });
    expect(first.checked).toBe(false);
    expect(onValidate).not.toHaveBeenCalled();
  });
});
