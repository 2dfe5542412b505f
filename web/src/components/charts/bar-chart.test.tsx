import { layOutAtWidth } from '@/test/resize-observer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import { BarChart } from './bar-chart';
import { CHART_COLORS } from './colors';

beforeAll(setupI18n);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const statuses = [
  { label: 'Nouveau', value: 12 },
  { label: 'En cours', value: 7 },
  { label: 'Clôturé', value: 31 },
];

const svgOf = (chart: HTMLElement) => chart.querySelector('svg')!;
const texts = (chart: HTMLElement, axis: string) =>
  [...chart.querySelectorAll(`.${axis} text`)].map((t) => t.textContent);

describe('BarChart', () => {
  it('is one image named by its summary, one bar per label with its figure as a tooltip', () => {
    render(<BarChart data={statuses} summary="Nouveau : 12, En cours : 7, Clôturé : 31" />);
    const chart = screen.getByRole('img', { name: 'Nouveau : 12, En cours : 7, Clôturé : 31' });
    // the drawing itself is hidden from assistive technologies: the name says it all
    expect(svgOf(chart)).toHaveAttribute('aria-hidden', 'true');
    const bars = chart.querySelectorAll('.chart-bar');
    expect(bars).toHaveLength(3);
    expect([...bars].map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'Nouveau : 12',
      'En cours : 7',
      'Clôturé : 31',
    ]);
    for (const bar of bars) expect(bar).toHaveAttribute('fill', CHART_COLORS[0]);
    expect(chart).toHaveTextContent('Nouveau');
    expect(chart).toHaveTextContent('Clôturé');
  });

  it('draws columns as tall as their counts on a value axis from 0 with whole ticks', () => {
    render(<BarChart data={statuses} summary="statuts" height={170} />);
    const chart = screen.getByRole('img', { name: 'statuts' });
    expect(texts(chart, 'chart-axis-y')).toEqual(['0', '10', '20', '30', '40']);
    const heights = [...chart.querySelectorAll('.chart-bar')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(heights[2]).toBeGreaterThan(heights[0]!);
    expect(heights[0]).toBeGreaterThan(heights[1]!);
    // proportional: 31 against 12
    expect(heights[2]! / heights[0]!).toBeCloseTo(31 / 12, 1);
  });

  it('lays long category labels along rows, cut with an ellipsis and given in full in the tooltip', () => {
    const long = 'Dépôt sauvage sur la voie publique et ses abords';
    render(
      <BarChart
        data={[
          { label: long, value: 1200 },
          { label: 'Voirie', value: 3 },
        ]}
        summary="catégories"
        orientation="rows"
        height={200}
      />,
    );
    const chart = screen.getByRole('img', { name: 'catégories' });
    const labels = [...chart.querySelectorAll('.chart-bars text')].map((t) => t.textContent ?? '');
    expect(labels[0]).toMatch(/^Dépôt sauvage.*…$/);
    expect(labels[0]!.length).toBeLessThan(long.length);
    expect(labels[1]).toBe('Voirie');
    expect(chart.querySelector('.chart-bar title')).toHaveTextContent(`${long} : 1 200`);
    // the value axis runs along the bottom, written the French way
    expect(texts(chart, 'chart-axis-x')).toContain('1\u202f000');
    const widths = [...chart.querySelectorAll('.chart-bar')].map((bar) => Number(bar.getAttribute('width')));
    expect(widths[0]).toBeGreaterThan(widths[1]!);
  });

  it('draws at the width of its box (viewBox follows the measured width)', () => {
    layOutAtWidth(540);
    render(<BarChart data={statuses} summary="statuts" height={170} />);
    const svg = svgOf(screen.getByRole('img', { name: 'statuts' }));
    expect(svg).toHaveAttribute('viewBox', '0 0 540 170');
    expect(svg).toHaveAttribute('width', '100%');
    const right = Math.max(
      ...[...svg.querySelectorAll('.chart-bar')].map(
        (bar) => Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')),
      ),
    );
    expect(right).toBeGreaterThan(400);
    expect(right).toBeLessThanOrEqual(540);
  });

  it('still shows an axis when every count is 0', () => {
    render(<BarChart data={[{ label: 'Nouveau', value: 0 }]} summary="Nouveau : 0" />);
    const chart = screen.getByRole('img', { name: 'Nouveau : 0' });
    expect(texts(chart, 'chart-axis-y')).toEqual(['0', '1']);
    expect(chart.querySelector('.chart-bar')).toHaveAttribute('height', '0');
  });
});
