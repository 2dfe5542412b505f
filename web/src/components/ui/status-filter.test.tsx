import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { REQUEST_STATUSES, SIGNAL_STATUSES, WORK_STATUSES } from '@portal/contract/statuses';
import { renderRouterWithProviders, setupI18n } from '@/test/render';
import { parseStatus, StatusFilter } from './status-filter';
import { useListState } from './use-list-state';

beforeAll(() => setupI18n());

/** A list with a status filter kept in the address by useListState, as the three lists use it. */
function RequestList() {
  const list = useListState('', ['status']);
  const status = parseStatus('request', list.filters.status);
  return (
    <>
      <StatusFilter kind="request" value={status} onChange={(value) => list.setFilter('status', value)} />
      <output aria-label="état">{`${status ?? 'tous'} page ${list.page}`}</output>
    </>
  );
}

describe('StatusFilter', () => {
  it("offers every status and the contract's statuses of the list, and keeps the choice in the address (back to page 1)", async () => {
    const router = createMemoryRouter([{ path: '/demande', element: <RequestList /> }], {
      initialEntries: ['/demande?page=3&status=NOPE'],
    });
    renderRouterWithProviders(router);
    const select = await screen.findByLabelText('Statut');
    // an unknown status in the address is no filter
    expect(select).toHaveValue('');
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['', ...REQUEST_STATUSES]);
    expect(options[0]).toHaveTextContent('Tous les statuts');
    await userEvent.selectOptions(select, 'Envoyée');
    await waitFor(() => expect(router.state.location.search).toBe('?status=SUBMITTED'));
    expect(screen.getByRole('status', { name: 'état' })).toHaveTextContent('SUBMITTED page 1');
    await userEvent.selectOptions(select, 'Tous les statuts');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads only the statuses of its own list', () => {
    expect(parseStatus('signal', 'RESOLVED')).toBe('RESOLVED');
    expect(parseStatus('request', 'RESOLVED')).toBeNull();
    expect(parseStatus('work', 'SUSPENDED')).toBe('SUSPENDED');
    expect(parseStatus('work', null)).toBeNull();
    expect([SIGNAL_STATUSES.length, WORK_STATUSES.length]).toEqual([4, 5]);
  });
});
