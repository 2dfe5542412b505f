import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Glyph, Icon, isIconName } from './icon';

describe('Icon', () => {
  it('draws a decorative SVG in the text colour, hidden from assistive technology', () => {
    const { container } = render(<Icon name="trash" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg?.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
  });

  it('Glyph draws a named icon and writes any other glyph as text', () => {
    expect(isIconName('power')).toBe(true);
    expect(isIconName('toString')).toBe(false);
    const named = render(<Glyph icon="power" />);
    expect(named.container.querySelector('svg[data-icon="power"]')).not.toBeNull();
    const text = render(<Glyph icon="⚑" />);
    expect(text.container.textContent).toBe('⚑');
    expect(text.container.querySelector('svg')).toBeNull();
  });
});
