import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockState, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';

const mock = withMockBackend();

const bodyRows = () =>
  within(screen.getByRole('table', { name: /contrats/i }))
    .getAllByRole('row')
    .slice(1);

describe('contract administration', { timeout: 60_000 }, () => {
  it('lists every contract, and the to-finalize list is empty in the default scenario', async () => {
    await signInPersona(mock, 'portal-admin');
    const { router } = await openScreen('/admin/contrat');
    expect(await screen.findByText('3 éléments')).toBeInTheDocument();
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Dijon Métropole',
      'Grand Lyon Eau',
      'Eaux du Nord',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Contrats à finaliser' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contrat/a-finaliser'));
    expect(await screen.findByText('Aucune information disponible')).toBeInTheDocument();
  });

  it('searches "my contracts" (read whole, then filtered and paged here)', async () => {
    await signInPersona(mock, 'portal-admin');
    const { router } = await openScreen('/admin/contrat/mes-contrats');
    expect(await screen.findByText('3 éléments')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'nord{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=nord'));
    expect(await screen.findByText('1 élément')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Eaux du Nord');
  });

  it('creates a contract to finalize, shows the success screen, then deletes it after a confirmation', async () => {
    await signInPersona(mock, 'portal-admin');
    const { router } = await openScreen('/admin/contrat/creation');
    await userEvent.type(screen.getByLabelText('Couleur principale (#rrggbb)'), 'rouge');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le contrat' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Couleur attendue au format #rrggbb.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Couleur principale (#rrggbb)'));
    await userEvent.type(screen.getByLabelText('Libellé'), 'Eau de Besançon');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le contrat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/contrat/creation/validation'), {
      timeout: 10_000,
    });
    expect(await screen.findByText('Le contrat « Eau de Besançon » a bien été créé.')).toBeInTheDocument();

    await router.navigate('/admin/contrat/a-finaliser');
    expect(await screen.findByText('1 élément')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent(/Eau de Besançon\s*À finaliser/);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le contrat Eau de Besançon' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Aucune information disponible')).toBeInTheDocument();
    const contracts = (await mockState(mock)).contracts as { label: string }[];
    expect(contracts.map((c) => c.label)).not.toContain('Eau de Besançon');
  });
});
