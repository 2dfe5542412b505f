/**
 * /mon-profil is the user detail screen of the signed-in user, read-only (portal.md sections 2 and
 * 6): no tab offers an editing control, while the same user's detail opened by a contract admin
 * does (remove from an organization or an operator).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { controlOf, createPersona, openScreen, signInPersona, withMockBackend } from '@/test/mock-backend';

const mock = withMockBackend();
// the mock's reset keeps fault rules: each test starts without any
beforeEach(() => controlOf(mock).faults.clear());

/** A user of contract 1, member of the community organization Ville de Dijon (2) and of the operator Eau de Dijon Métropole (10). */
async function createMember(): Promise<{ id: string; userId: number }> {
  return createPersona(mock, {
    id: 'lina',
    firstName: 'Lina',
    lastName: 'Moreau',
    roles: ['ROLE_USER'],
    contractIds: [1],
    organizationIds: [2, 10],
  });
}

/** What would let someone change the user: buttons to add, remove, delete, edit or save, and form fields. */
const EDITING = /ajouter|retirer|supprimer|modifier|enregistrer|valider/i;

function editingControlsIn(root: HTMLElement): HTMLElement[] {
  const scope = within(root);
  return [
    ...scope.queryAllByRole('button', { name: EDITING }),
    ...scope.queryAllByRole('textbox'),
    // the page size of a list changes the view, not the user
    ...scope
      .queryAllByRole('combobox')
      .filter((select) => (select as HTMLSelectElement).labels?.[0]?.textContent !== 'Lignes par page'),
    ...scope.queryAllByRole('checkbox'),
    ...scope.queryAllByRole('spinbutton'),
    ...scope.queryAllByRole('switch'),
  ];
}

/** Opens a tab and waits for one of its rows. */
async function openTab(name: string, rowText: string | RegExp): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('tab', { name }));
  const panel = await screen.findByRole('tabpanel', { name });
  await within(panel).findByRole('cell', { name: rowText });
  return panel;
}

describe('my profile (/mon-profil)', () => {
  it("shows the user's own detail with no editing control in any tab", async () => {
    await createMember();
    await signInPersona(mock, 'lina');
    await openScreen('/mon-profil');
    expect(screen.getByRole('heading', { level: 1, name: 'Lina Moreau' })).toBeInTheDocument();

    const tabs: [string, string | RegExp][] = [
      ['Organisations', 'Ville de Dijon'],
      ['Exploitants', 'Eau de Dijon Métropole'],
      ['Territoires', /.+/],
      ['Contrats', /.+/],
    ];
    for (const [name, row] of tabs) {
      const panel = await openTab(name, row);
      expect(editingControlsIn(panel), `editing controls in the ${name} tab`).toEqual([]);
      // the contracts tab keeps its switch-contract arrows: choosing one's current contract is not an edit
      if (name !== 'Contrats')
        expect(within(panel).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    }
    // nor anywhere else on the page (the map's address search is a search, not an edit)
    const main = screen.getByRole('main');
    expect(within(main).queryAllByRole('button', { name: EDITING })).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("gives a contract admin the editing controls on the same user's detail, and they work", async () => {
    const { userId } = await createMember();
    await signInPersona(mock, 'contract-admin');
    await openScreen(`/admin/contrat/1/utilisateur/${userId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Lina Moreau' })).toBeInTheDocument();

    const operators = await openTab('Exploitants', 'Eau de Dijon Métropole');
    expect(
      within(operators).getByRole('button', { name: 'Retirer Lina Moreau de Eau de Dijon Métropole' }),
    ).toBeEnabled();

    const organizations = await openTab('Organisations', 'Ville de Dijon');
    expect(within(organizations).getByText('1 élément')).toBeInTheDocument();
    await userEvent.click(
      within(organizations).getByRole('button', { name: 'Retirer Lina Moreau de Ville de Dijon' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Retirer de Ville de Dijon' });
    expect(dialog).toHaveTextContent('Lina Moreau ne fera plus partie de Ville de Dijon.');
    await userEvent.click(within(dialog).getByRole('button', { name: /Supprimer/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(organizations).findByText('Aucune information disponible')).toBeInTheDocument();
    expect(within(organizations).queryByRole('cell', { name: 'Ville de Dijon' })).toBeNull();
    expect(within(organizations).getByText('0 élément')).toBeInTheDocument();

    // the mock server took her out of the organization, and only of that one
    const token = window.localStorage.getItem('token') ?? '';
    const listed = async (type: string) =>
      (
        (await (
          await fetch(
            `${mock.url}/api/user/${userId}/organizations?organizationType=${type}&contractId=1&currentPage=1&itemsPerPage=20`,
            {
              headers: { Authorization: `Bearer ${token}` },
            },
          )
        ).json()) as { label: string }[]
      ).map((o) => o.label);
    expect(await listed('Community')).toEqual([]);
    expect(await listed('Operator')).toEqual(['Eau de Dijon Métropole']);
  });

  it('keeps the row and the dialog, says what happened when the removal fails, and removes on a retry', async () => {
    const { userId } = await createMember();
    await signInPersona(mock, 'contract-admin');
    await controlOf(mock).faults.add({
      method: 'DELETE',
      path: '/api/organization/*/user/*',
      status: 500,
      body: { message: 'boom' },
    });
    await openScreen(`/admin/contrat/1/utilisateur/${userId}`);
    const organizations = await openTab('Organisations', 'Ville de Dijon');
    await userEvent.click(
      within(organizations).getByRole('button', { name: 'Retirer Lina Moreau de Ville de Dijon' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Retirer de Ville de Dijon' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Supprimer/ }));

    // the dialog stays, with what happened in French and the backend's words as a detail
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent('Le retrait a échoué. Veuillez réessayer.');
    expect(alert).toHaveTextContent('Le serveur a rencontré une erreur. Réessayez dans quelques instants.');
    expect(within(alert).getByText('500 boom')).toBeInTheDocument();
    expect(within(organizations).getByRole('cell', { name: 'Ville de Dijon' })).toBeInTheDocument();

    // tried again once the server is back: the row goes, the dialog closes
    await controlOf(mock).faults.clear();
    await userEvent.click(within(dialog).getByRole('button', { name: /Supprimer/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(organizations).queryByRole('cell', { name: 'Ville de Dijon' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Lina Moreau' })).toBeInTheDocument();
  });
});
