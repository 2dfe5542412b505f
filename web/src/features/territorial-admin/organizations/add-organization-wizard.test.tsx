/** AddOrganizationWizard against the real mock server, as a contract super admin (contract 1 of the default scenario). */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { mockState, signInFresh, withMockBackend } from '@/test/mock-backend';
import { AddOrganizationWizard } from './add-organization-wizard';

vi.setConfig({ testTimeout: 40_000 });

const mock = withMockBackend();
const noop = () => undefined;
const slow = { timeout: 8000 };

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
    // under its field, and read with it (docs/decisions.md: field-level messages in the add wizards)
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Ce champ est obligatoire.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
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
