/** The edit dialog of an organization against the real mock server, as contract 1's super admin. */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '@portal/contract';
import { renderWithProviders } from '@/test/render';
import { asPersona, signInPersona, withMockBackend } from '@/test/mock-backend';
import { EditOrganizationDialog } from './edit-organization-dialog';

const mock = withMockBackend();

async function communityOfContract1(): Promise<Organization> {
  const all = await asPersona<Organization[]>(
    mock,
    'contract-admin',
    '/api/contract/1/organization?type=Community&itemsPerPage=100',
  );
  const community = all.find((o) => o.type === 'Community' && !o.organizationMaster);
  if (!community) throw new Error('contract 1 has a community organization besides the master one');
  return community;
}

describe('EditOrganizationDialog', () => {
  it('is titled by the type chosen in the form, and asks before closing in the words of a dialog', async () => {
    await signInPersona(mock, 'contract-admin');
    const organization = await communityOfContract1();
    const user = userEvent.setup();
    const hide = vi.fn();
    renderWithProviders(
      <EditOrganizationDialog show onHide={hide} contractId={1} organization={organization} />,
    );
    // the form shows once the legal entities are read
    await user.selectOptions(await screen.findByLabelText(/^Type/), 'Exploitant');
    const dialog = screen.getByRole('dialog', { name: `Modifier l'exploitant ${organization.label}` });
    expect(
      screen.queryByRole('dialog', { name: `Modifier l'organisation ${organization.label}` }),
    ).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    const question = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    expect(question).toHaveTextContent("Ce que vous avez saisi n'a pas été enregistré");
    // an edit dialog is not a wizard
    expect(question).not.toHaveTextContent(/assistant/);
    expect(hide).not.toHaveBeenCalled();
  });
});
