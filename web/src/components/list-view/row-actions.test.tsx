import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setupI18n } from '@/test/render';
import { ActionButton } from './row-actions';

beforeAll(setupI18n);

/** Counts the loads of the overlay's module: it must wait for the first hover or focus. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./tooltip-overlay', async (original) => {
  loads.count += 1;
  return original();
});

describe('a row action with a tooltip', () => {
  it('opens without the overlay code, then shows the tooltip on the first hover', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ActionButton
        icon="trash"
        label="Supprimer"
        tooltip="Utilisée par 3 demandes"
        onClick={() => {}}
        disabled
      />,
    );
    const wrapper = screen.getByRole('note', { name: 'Supprimer : Utilisée par 3 demandes' });
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    expect(loads.count).toBe(0);
    await user.hover(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Utilisée par 3 demandes');
    expect(loads.count).toBe(1);
  });

  it('shows the tooltip when the wrapper is reached with the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ActionButton icon="trash" label="Retirer" tooltip="Déjà retiré" onClick={() => {}} disabled />,
    );
    await user.tab();
    expect(screen.getByRole('note', { name: 'Retirer : Déjà retiré' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Déjà retiré');
  });
});
