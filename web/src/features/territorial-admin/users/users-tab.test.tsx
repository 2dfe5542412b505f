// The contract's users tab: its organization and operator counts per user, asked as portal.md
// section 7 writes the call (users, countOnly, organizationType, currentPage, itemsPerPage).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { renderRouterWithProviders } from '@/test/render';
import { controlOf, signInPersona, withMockBackend } from '@/test/mock-backend';
import { UsersTab } from './users-tab';

const mock = withMockBackend();

describe('contract users tab', { timeout: 60_000 }, () => {
  it('asks the counts per user with the paging parameters the spec lists', async () => {
    await signInPersona(mock, 'contract-admin');
    const router = createMemoryRouter(
      [{ path: '/gestion-territoriale', element: <UsersTab contractId={1} /> }],
      { initialEntries: ['/gestion-territoriale#utilisateurs'] },
    );
    renderRouterWithProviders(router);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), {
      timeout: 15_000,
    });
    await waitFor(async () => {
      const calls = await controlOf(mock).journal({ path: '/api/contract/1/users/organization' });
      expect(calls).toHaveLength(2);
      for (const entry of calls) {
        const query = new URLSearchParams(entry.query);
        expect(query.get('countOnly')).toBe('true');
        expect(query.get('currentPage')).toBe('1');
        expect(Number(query.get('itemsPerPage'))).toBeGreaterThan(0);
        expect(entry.status).toBe(200);
      }
    });
  });
});
