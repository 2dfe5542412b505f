/**
 * The add-area dialog against the real mock server: the municipality search (from 3 characters, one
 * selection needed, then the area is created), in the country of the contract it adds to, not of the
 * session's: a portal super admin signed in to contract 1 (FR) adding to contract 2 set to TN finds
 * Tunisian towns only, and no search goes out with the default first.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import {
  controlOf,
  journal,
  signInFresh,
  signInPersona,
  savedPosts,
  withMockBackend,
} from '@/test/mock-backend';
import { AddAreaDialog } from './add-area-dialog';

vi.setConfig({ testTimeout: 40_000 });

const mock = withMockBackend();
beforeEach(() => controlOf(mock).clearJournal());

interface State {
  tables: { contracts: { id: number; metadatas: Record<string, string | null> }[] };
}

/** Sets a contract's country code in the mock's state (null: none, as a contract created without one). */
async function setCountry(contractId: number, code: string | null) {
  const control = controlOf(mock);
  const state = await control.exportState<State>();
  const contract = state.tables.contracts.find((c) => c.id === contractId);
  if (!contract) throw new Error(`the fixtures have a contract ${contractId}`);
  const { contract_country_code: _dropped, ...others } = contract.metadatas;
  contract.metadatas = code === null ? others : { ...others, contract_country_code: code };
  await control.importState(state);
}

const countries = async () =>
  (await controlOf(mock).journal({ path: '/api/administrative-division' })).map((call) =>
    new URLSearchParams(call.query).get('countryCode'),
  );

async function search(contractId: number, keyword: string) {
  const user = userEvent.setup();
  renderWithProviders(<AddAreaDialog show onHide={() => undefined} contractId={contractId} />);
  const dialog = await screen.findByRole('dialog', { name: 'Ajouter un territoire' });
  await user.type(within(dialog).getByLabelText('Rechercher une commune'), keyword);
  await within(dialog).findByText(/\d+ résultats?|Aucun résultat/, undefined, { timeout: 5000 });
  return dialog;
}

describe('AddAreaDialog country', () => {
  it("searches the country of the contract it adds to, not the session's", async () => {
    await setCountry(2, 'TN');
    await signInPersona(mock, 'portal-admin', 1);
    const dialog = await search(2, 'Bizerte');
    expect(await within(dialog).findByRole('button', { name: 'Ajouter Bizerte (7000)' })).toBeInTheDocument();
    expect(await countries()).toEqual(['TN']);
  });

  it('searches France for a contract without a country (the default)', async () => {
    await setCountry(1, null);
    await setCountry(2, 'TN');
    await signInPersona(mock, 'portal-admin', 2);
    const dialog = await search(1, 'Bizerte');
    expect(within(dialog).queryByRole('button', { name: /Bizerte/ })).toBeNull();
    expect(await countries()).toEqual(['FR']);
  });
});

describe('AddAreaDialog', () => {
  it('searches municipalities from 3 characters, needs one selected, and creates the area', async () => {
    await signInFresh(mock, 'contract-admin');
    const user = userEvent.setup();
    renderWithProviders(<AddAreaDialog show onHide={() => undefined} contractId={1} />);
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
    expect(
      await within(dialog).findByText('Le territoire a été créé.', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await savedPosts(mock, '/api/contract/1/area')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Créer un autre territoire' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeDisabled());
  });
});
