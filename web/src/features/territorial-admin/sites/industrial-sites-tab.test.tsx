import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { renderRouterWithProviders } from '@/test/render';
import { controlOf, signInPersona, withMockBackend } from '@/test/mock-backend';
import { IndustrialSitesTab } from './industrial-sites-tab';

const mock = withMockBackend();

function renderTab() {
  const router = createMemoryRouter(
    [{ path: '/gestion-territoriale', element: <IndustrialSitesTab contractId={1} /> }],
    { initialEntries: ['/gestion-territoriale#sites-industriels'] },
  );
  renderRouterWithProviders(router);
  return router;
}

/** The first column's texts, once the list shows. */
async function names(): Promise<string[]> {
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2), {
    timeout: 15_000,
  });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('industrial sites list', { timeout: 60_000 }, () => {
  it('sorts by name and by type on the server, the sorted column announced; a second click goes back', async () => {
    await signInPersona(mock, 'contract-admin');
    const router = renderTab();
    await names();
    const name = screen.getByRole('columnheader', { name: /^Nom/ });
    expect(name).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(name).getByRole('button', { name: /^Nom/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sites_sort=name'));
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(async () => {
      const shown = await names();
      expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b, 'fr')));
    });
    const calls = await controlOf(mock).journal({ path: '/api/industrial-site' });
    expect(calls.some((c) => c.query.includes('orderColumn=name'))).toBe(true);

    const type = screen.getByRole('columnheader', { name: /^Type/ });
    await userEvent.click(within(type).getByRole('button', { name: /^Type/ }));
    await waitFor(() => expect(type).toHaveAttribute('aria-sort', 'ascending'));
    expect(name).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(type).getByRole('button', { name: /^Type/ }));
    await waitFor(() => expect(router.state.location.search).not.toContain('sites_sort'));
    expect(type).toHaveAttribute('aria-sort', 'none');
  });

  it('logs a failed load and shows the loading warning with a retry', async () => {
    await signInPersona(mock, 'contract-admin');
    await controlOf(mock).faults.add({ method: 'GET', path: '/api/industrial-site', status: 500 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTab();
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(/chargement/i);
    expect(logged).toHaveBeenCalledWith(
      '[industrial-site] listIndustrialSites failed:',
      expect.objectContaining({ status: 500 }),
    );
    logged.mockRestore();
  });
});
