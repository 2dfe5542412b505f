/** AddContractServicesWizard against the real mock server, as a contract super admin (contract 1 of the default scenario). */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import {
  asPersona,
  controlOf,
  fetchAs,
  journal,
  mockState,
  signInFresh,
  savedPosts,
  withMockBackend,
} from '@/test/mock-backend';
import { AddContractServicesWizard } from './add-contract-services-wizard';

vi.setConfig({ testTimeout: 40_000 });

const mock = withMockBackend();
const noop = () => undefined;
const slow = { timeout: 8000 };

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
    expect(await savedPosts(mock, '/api/contract/1/contractService')).toHaveLength(1);
    expect(await savedPosts(mock, '/api/external-apps/configuration')).toHaveLength(1);
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

  it('adding the signal service: its request types are saved as they change, before Validate', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    const attached = (await asPersona(
      mock,
      'contract-admin',
      '/api/contract/1/contractService?itemsPerPage=9999',
    )) as { contractServiceId: number; service: { code: string; label: string } }[];
    const signal = attached.find((a) => a.service.code === 'SIGNAL_NOTIFY');
    if (!signal) throw new Error('SIGNAL_NOTIFY should be attached to contract 1');
    // the service leaves the contract, so that the wizard adds it again
    const removed = await fetchAs(
      mock,
      'contract-admin',
      `/api/contractService/${signal.contractServiceId}`,
      {
        method: 'DELETE',
      },
    );
    expect(removed.ok).toBe(true);
    await controlOf(mock).clearJournal();

    renderWithProviders(<AddContractServicesWizard show onHide={noop} contractId={1} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des services' });
    await user.click(
      await within(dialog).findByRole('button', { name: `Ajouter ${signal.service.label}` }, slow),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    const form = await within(dialog).findByRole('form', { name: 'Configuration des services' }, slow);
    const section = within(form).getByRole('group', { name: signal.service.label });
    // the contract's toggle off, so that the section's request types can be chosen
    const force = within(form).queryByRole('switch', {
      name: `Forcer la configuration des organisations (${signal.service.label})`,
    });
    if (force && (force as HTMLInputElement).checked) await user.click(force);
    const boxes = await within(section).findAllByRole('checkbox', {}, slow);
    const first = (boxes as HTMLInputElement[]).find((box) => !box.checked);
    if (!first) throw new Error('a request type should be left unticked');
    await user.click(first);
    const saves = async () =>
      (await journal(mock)).filter(
        (e) =>
          (e.method === 'POST' || e.method === 'PUT') &&
          e.path.startsWith('/api/external-apps/configuration') &&
          e.status !== null &&
          e.status < 300,
      );
    await vi.waitFor(async () => expect(await saves()).toHaveLength(1), slow);
    expect(within(dialog).queryByText('Les services ont été ajoutés au contrat.')).toBeNull();
    const configs = (await mockState(mock)).appConfigurations as {
      name: string;
      owner: number;
      ownerType: string;
      parameters: { requestTypes?: number[] };
    }[];
    const saved = configs.find(
      (c) => c.name === 'SIGNAL_NOTIFY' && c.ownerType === 'CONTRACT' && c.owner === 1,
    );
    expect(first.checked).toBe(true);
    expect(saved?.parameters.requestTypes).toContain(Number(first.value));
  });
});
