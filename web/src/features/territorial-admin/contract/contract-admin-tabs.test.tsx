import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { renderRouterWithProviders, setupI18n } from '@/test/render';
import { signInPersona, startMockBackend } from '@/test/mock-backend';
import { ContractAdminTabs, type ContractTab } from './contract-admin-tabs';

let mock: Awaited<ReturnType<typeof startMockBackend>>;
beforeAll(async () => {
  await setupI18n();
  mock = await startMockBackend();
});
afterAll(() => mock.close());

function renderTabs(tab: ContractTab, readOnly: boolean) {
  const router = createMemoryRouter(
    [{ path: '/gestion-territoriale', element: <ContractAdminTabs contractId={1} readOnly={readOnly} /> }],
    { initialEntries: [`/gestion-territoriale#${tab}`] },
  );
  return renderRouterWithProviders(router);
}

/** Waits for the tab's list, then returns the add and action controls it shows. */
async function controls() {
  const panel = await screen.findByRole('tabpanel');
  await waitFor(() => expect(within(panel).getAllByRole('row').length).toBeGreaterThan(1), {
    timeout: 15_000,
  });
  await waitFor(() => expect(within(panel).queryByText('Chargement…')).toBeNull());
  return {
    add: within(panel).queryAllByRole('button', { name: /^Ajouter/ }),
    actions: within(panel).queryAllByRole('button', { name: /^(Supprimer|Modifier|Retirer)/ }),
  };
}

describe('read-only mode of the contract admin tabs', { timeout: 60_000 }, () => {
  const cases: [ContractTab, boolean][] = [
    ['territoires', true],
    ['utilisateurs', true],
    ['organisations', true],
    ['exploitants', true],
    ['services', true],
    ['sites-industriels', false],
  ];
  for (const [tab, hasActions] of cases) {
    it(`${tab}: add and action controls show for a contract super admin, and read-only hides them`, async () => {
      await signInPersona(mock, 'contract-admin');
      const editable = renderTabs(tab, false);
      const shown = await controls();
      expect(shown.add).toHaveLength(1);
      if (hasActions) expect(shown.actions.length).toBeGreaterThan(0);
      editable.unmount();

      renderTabs(tab, true);
      const hidden = await controls();
      expect(hidden.add).toHaveLength(0);
      expect(hidden.actions).toHaveLength(0);
    });
  }
});
