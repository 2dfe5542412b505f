import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGING } from '@portal/contract/constants';
import { setupI18n } from '@/test/render';
import { pageWindow, Pagination } from './pagination';

beforeAll(setupI18n);

describe('pageWindow', () => {
  it('shows at most the page range of portal.md section 9 (5) around the current page', () => {
    expect(PAGING.pageRange).toBe(5);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('starts at the first page while the current one is near it', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
  });

  it('ends at the last page while the current one is near it', () => {
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(17, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('lists every page when there are no more than the range, wherever the current one is', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 6)).toEqual([2, 3, 4, 5, 6]);
  });

  it('has no page when there is none, and keeps a current page beyond the end inside the pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(9, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 8)).toEqual([1, 2, 3, 4, 5]);
  });

  it('honours another range (an even one too), never leaving the pages', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(10, 10, 3)).toEqual([8, 9, 10]);
    expect(pageWindow(5, 10, 4)).toEqual([3, 4, 5, 6]);
    expect(pageWindow(1, 10, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('Pagination', () => {
  /** The page numbers shown, as their text reads (no hidden English '(current)' on the current one). */
  const pageNumbers = () =>
    within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByLabelText(/^Page \d+$/)
      .map((el) => Number(el.textContent));

  it('shows the window of pages, the current one marked, with first/previous/next/last', async () => {
    const onChange = vi.fn();
    render(<Pagination page={10} pageCount={20} onChange={onChange} />);
    expect(pageNumbers()).toEqual([8, 9, 10, 11, 12]);
    expect(screen.getByText('10').closest('[aria-current="page"]')).not.toBeNull();
    expect(screen.getByText('9').closest('[aria-current="page"]')).toBeNull();

    await userEvent.click(screen.getByText('12'));
    expect(onChange).toHaveBeenLastCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: 'Première page' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onChange).toHaveBeenLastCalledWith(9);
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onChange).toHaveBeenLastCalledWith(11);
    await userEvent.click(screen.getByRole('button', { name: 'Dernière page' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('cannot go back from the first page nor forward from the last', () => {
    const { rerender } = render(<Pagination page={1} pageCount={7} onChange={() => undefined} />);
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.queryByRole('button', { name: 'Première page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Page précédente' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dernière page' })).toBeEnabled();

    rerender(<Pagination page={7} pageCount={7} onChange={() => undefined} />);
    expect(pageNumbers()).toEqual([3, 4, 5, 6, 7]);
    expect(screen.queryByRole('button', { name: 'Page suivante' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dernière page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Première page' })).toBeEnabled();
  });

  it('shows nothing for a single page or none', () => {
    const { rerender } = render(<Pagination page={1} pageCount={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(<Pagination page={1} pageCount={0} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(<Pagination page={1} pageCount={2} onChange={() => undefined} />);
    expect(pageNumbers()).toEqual([1, 2]);
  });

  it('says everything in the language of the page: no English hidden text (First, Previous...)', async () => {
    const { i18n } = await import('@/lib/i18n');
    const { rerender } = render(<Pagination page={5} pageCount={9} onChange={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).not.toMatch(/First|Previous|Next|Last|More|current/);
    expect(within(nav).getByRole('button', { name: 'Première page' }).textContent).toBe('«Première page');
    await i18n.changeLanguage('en');
    try {
      rerender(<Pagination page={5} pageCount={9} onChange={() => undefined} />);
      expect(screen.getByRole('button', { name: 'First page' })).toBeInTheDocument();
      expect(screen.getByRole('navigation').textContent).not.toMatch(/Première|précédente|suivante|Dernière/);
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
