import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@/test/render';
import { LIST_SEARCH_DEBOUNCE_MS, TabHeader } from './tab-header';

beforeAll(setupI18n);

/** The lines under the title (jsdom has no layout: the number of lines is what keeps the height). */
const linesUnderTitle = (container: HTMLElement) => container.querySelectorAll('.tab-header > .me-auto > p');

describe('TabHeader', () => {
  it('keeps the count line while the count loads, empty and hidden from assistive technologies', () => {
    const { container, rerender } = render(
      <TabHeader title="Territoires" subtitle={undefined} onSearch={() => {}} />,
    );
    const [placeholder] = linesUnderTitle(container);
    expect(linesUnderTitle(container)).toHaveLength(1);
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder?.textContent?.trim()).toBe('');

    rerender(<TabHeader title="Territoires" subtitle="8 éléments" onSearch={() => {}} />);
    expect(linesUnderTitle(container)).toHaveLength(1);
    expect(screen.getByText('8 éléments')).toBeVisible();
    expect(screen.getByText('8 éléments')).not.toHaveAttribute('aria-hidden');
  });

  it('has no count line when no subtitle is given', () => {
    const { container } = render(<TabHeader title="Métadonnées" />);
    expect(screen.getByRole('heading', { name: 'Métadonnées' })).toBeVisible();
    expect(linesUnderTitle(container)).toHaveLength(0);
  });
});

describe('TabHeader search', () => {
  it('searches as the user types, once, after the typing pauses', async () => {
    const onSearch = vi.fn();
    render(
      <TabHeader
        title="Utilisateurs"
        search=""
        onSearch={onSearch}
        searchLabel="Rechercher un utilisateur"
      />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), 'Martin');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('Martin'), {
      timeout: LIST_SEARCH_DEBOUNCE_MS * 4,
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches at once with Enter or the visible button, and clears with an empty box', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(<TabHeader title="Utilisateurs" search="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Rechercher' });
    await userEvent.type(box, 'Dijon{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('Dijon');
    rerender(<TabHeader title="Utilisateurs" search="Dijon" onSearch={onSearch} />);
    await userEvent.clear(box);
    await userEvent.type(box, 'Beaune');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch).toHaveBeenLastCalledWith('Beaune');
    rerender(<TabHeader title="Utilisateurs" search="Beaune" onSearch={onSearch} />);
    await userEvent.clear(box);
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith(''), {
      timeout: LIST_SEARCH_DEBOUNCE_MS * 4,
    });
  });

  it('does not send a search shorter than the minimum, and says how long it must be', async () => {
    const onSearch = vi.fn();
    render(<TabHeader title="Communes" search="" onSearch={onSearch} searchMinLength={3} />);
    const box = screen.getByRole('searchbox', { name: 'Rechercher' });
    await userEvent.type(box, 'Di{Enter}');
    expect(box).toHaveAccessibleDescription('Saisissez au moins 3 caractères');
    await new Promise((resolve) => setTimeout(resolve, LIST_SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.type(box, 'j');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('Dij'), {
      timeout: LIST_SEARCH_DEBOUNCE_MS * 4,
    });
    expect(box).not.toHaveAccessibleDescription();
  });
});
