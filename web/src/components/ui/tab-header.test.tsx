import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import { TabHeader } from './tab-header';

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
