import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@/test/render';
import { DualList, filterAvailable, type DualListKey, type DualListItem } from './dual-list';

beforeAll(setupI18n);

const items: DualListItem[] = [
  { id: 1, label: 'Dijon Centre' },
  { id: 2, label: 'Chenôve' },
  { id: 3, label: 'Talant' },
  { id: 4, label: 'Quetigny' },
];

function Harness({ list = items, exclude = [] as DualListKey[] }) {
  const [selected, setSelected] = useState<DualListKey[]>([]);
  return (
    <DualList
      items={list}
      selected={selected}
      onChange={setSelected}
      exclude={exclude}
      availableLabel="Zones disponibles"
      selectedLabel="Zones choisies"
    />
  );
}

describe('filterAvailable', () => {
  it('filters by case-insensitive substring and drops selected and excluded items', () => {
    expect(filterAvailable(items, [3], [4], 'N').map((i) => i.id)).toEqual([1, 2]);
    expect(filterAvailable(items, [], [], 'dIJ').map((i) => i.id)).toEqual([1]);
  });
});

describe('DualList', () => {
  it('says a failed load in place of the list, never as an empty one, and its retry asks again', async () => {
    const user = userEvent.setup();
    let retried = 0;
    render(
      <DualList
        items={[]}
        selected={[]}
        onChange={() => undefined}
        failed
        onRetry={async () => {
          retried += 1;
        }}
        availableLabel="Zones disponibles"
        selectedLabel="Zones choisies"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Une erreur est survenue lors du chargement des données.',
    );
    expect(screen.queryByText('Aucun élément disponible')).toBeNull();
    expect(screen.getByRole('heading', { name: /^Zones disponibles/ })).not.toHaveTextContent('élément');
    expect(screen.getByRole('button', { name: 'Tout ajouter' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(retried).toBe(1);
  });

  it('moves items between the lists, searches and never offers excluded items', async () => {
    const user = userEvent.setup();
    render(<Harness exclude={[4]} />);
    const available = screen.getByRole('region', { name: 'Zones disponibles' });
    expect(within(available).queryByRole('button', { name: 'Ajouter Quetigny' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Rechercher parmi : Zones disponibles'), 'TAL');
    expect(within(available).getAllByRole('button')).toHaveLength(1);
    await user.click(within(available).getByRole('button', { name: 'Ajouter Talant' }));
    const chosen = screen.getByRole('region', { name: 'Zones choisies' });
    expect(within(chosen).getByRole('button', { name: 'Retirer Talant' })).toBeInTheDocument();
    expect(within(available).queryByRole('button', { name: 'Ajouter Talant' })).not.toBeInTheDocument();
    await user.click(within(chosen).getByRole('button', { name: 'Retirer Talant' }));
    expect(within(available).getByRole('button', { name: 'Ajouter Talant' })).toBeInTheDocument();
  });

  it('renders only a window of 9,999 items and finds any of them by search', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 9999 }, (_, i) => ({
      id: i + 1,
      label: `Organisation ${String(i + 1).padStart(4, '0')}`,
    }));
    const started = performance.now();
    render(<Harness list={many} />);
    expect(performance.now() - started).toBeLessThan(2000);
    const available = screen.getByRole('region', { name: 'Zones disponibles' });
    expect(within(available).getAllByRole('button').length).toBeLessThan(60);
    expect(screen.getByText('9999 éléments')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Rechercher parmi : Zones disponibles'), 'organisation 9876');
    await user.click(within(available).getByRole('button', { name: 'Ajouter Organisation 9876' }));
    expect(screen.getByRole('button', { name: 'Retirer Organisation 9876' })).toBeInTheDocument();
  });
});
