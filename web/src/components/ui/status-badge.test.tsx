import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import { StatusBadge } from './status-badge';

beforeAll(setupI18n);

const VARIANTS = { PLANNED: 'primary', IN_PROGRESS: 'warning', DONE: 'success' } as const;

describe('StatusBadge', () => {
  it('shows the translated status in the colour of its variant', () => {
    render(<StatusBadge status="DONE" variants={VARIANTS} i18nPrefix="works.status" />);
    const badge = screen.getByText('Terminés');
    expect(badge).toHaveClass('badge', 'bg-success');
    expect(badge).not.toHaveClass('text-dark');
  });

  it('writes dark text on a light background', () => {
    render(<StatusBadge status="IN_PROGRESS" variants={VARIANTS} i18nPrefix="requests.status" />);
    const badge = screen.getByText('En cours');
    expect(badge).toHaveClass('bg-warning', 'text-dark');
  });
});
