/** AddUsersWizard against the real mock server, as a contract super admin (contract 1 of the default scenario). */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { asPersona, controlOf, signInFresh, savedPosts, withMockBackend } from '@/test/mock-backend';
import { AddUsersWizard } from './add-users-wizard';

vi.setConfig({ testTimeout: 40_000 });

const mock = withMockBackend();
const noop = () => undefined;
const slow = { timeout: 8000 };

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
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Veuillez saisir une adresse e-mail valide.'),
    );
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
    expect(await savedPosts(mock, '/api/contract/1/user/role')).toHaveLength(1);
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
