/** Renaming an area against the real mock server, as contract 1's super admin. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { controlOf, mockState, signInPersona, withMockBackend } from '@/test/mock-backend';
import { RenameAreaDialog } from './rename-area-dialog';

vi.setConfig({ testTimeout: 30_000 });

const mock = withMockBackend();

interface AreaRow {
  id: number;
  contractId: number;
  label: string;
}
const areas = async () => (await mockState(mock)).areas as AreaRow[];

describe('RenameAreaDialog', () => {
  it("puts a 400 on the field in French and a taken name's 409 too, keeps the input, then saves", async () => {
    await signInPersona(mock, 'contract-admin');
    const [area, other] = (await areas()).filter((a) => a.contractId === 1);
    if (!area || !other) throw new Error('contract 1 has two areas');
    const user = userEvent.setup();
    const hide = vi.fn();
    renderWithProviders(<RenameAreaDialog show onHide={hide} contractId={1} area={area} />);
    const dialog = await screen.findByRole('dialog', { name: `Renommer le territoire ${area.label}` });
    const name = within(dialog).getByLabelText(/Nom du territoire/);
    expect(name).toHaveValue(area.label);

    await user.clear(name);
    await user.type(name, 'Secteur des Combes');
    await controlOf(mock).stubs.add({
      method: 'PUT',
      path: `/api/contract/1/area/${area.id}`,
      status: 400,
      times: 1,
      body: { message: 'Validation failed', errors: [{ path: 'label', message: 'reserved word' }] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // the field says it in French, never the server's English words
    const refused =
      "Refusé par le serveur : Les informations envoyées n'ont pas été acceptées. Vérifiez les champs puis réessayez.";
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(refused);
    expect(within(dialog).queryByText(/reserved word/)).toBeNull();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(/L'enregistrement a échoué/)).toBeNull();
    expect(name).toHaveValue('Secteur des Combes');

    await user.clear(name);
    await user.type(name, other.label.toLowerCase());
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Un autre territoire du contrat porte déjà ce nom.'),
    );

    await user.clear(name);
    await user.type(name, 'Secteur des Combes');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(hide).toHaveBeenCalled());
    const saved = (await areas()).find((a) => a.id === area.id);
    expect(saved?.label).toBe('Secteur des Combes');
    expect((await areas()).find((a) => a.id === other.id)?.label).toBe(other.label);
  });
});
