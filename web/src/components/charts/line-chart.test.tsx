import { layOutAtWidth } from '@/test/resize-observer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '@/test/render';
import { CHART_COLORS } from './colors';
import { LineChart, linePath } from './line-chart';

beforeAll(setupI18n);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const months = ['janv.', 'févr.', 'mars', 'avr.'];
const volumes = months.map((x, i) => ({ x, produced: 100 + i * 10, treated: 80 + i * 5 }));

describe('LineChart', () => {
  it('is one image named by its summary, one line per series with a legend when there are several', () => {
    render(
      <LineChart
        data={volumes}
        series={[
          { key: 'produced', label: 'Produit' },
          { key: 'treated', label: 'Traité' },
        ]}
        summary="Volumes des 4 derniers mois"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Volumes des 4 derniers mois' });
    expect(chart.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const lines = chart.querySelectorAll('.chart-line-path');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveAttribute('stroke', CHART_COLORS[0]);
    expect(lines[1]).toHaveAttribute('stroke', CHART_COLORS[1]);
    // four points each: one move and three segments
    expect(lines[0]!.getAttribute('d')!.match(/[ML]/g)).toHaveLength(4);
    const legend = chart.querySelectorAll('.chart-legend li');
    expect([...legend].map((li) => li.textContent)).toEqual(['Produit', 'Traité']);
    // each month's figures as a tooltip
    expect([...chart.querySelectorAll('.chart-hit title')].map((t) => t.textContent)).toContain(
      'mars : Produit : 120, Traité : 90',
    );
    // a value axis from 0 and the month labels
    expect([...chart.querySelectorAll('.chart-axis-y text')].map((t) => t.textContent)[0]).toBe('0');
    for (const month of months) expect(chart).toHaveTextContent(month);
  });

  it('has no legend for one series, fits its axis to the values with the unit, and marks each value', () => {
    render(
      <LineChart
        data={[
          { x: '01/03', value: 1.12 },
          { x: '02/03', value: 1.87 },
          { x: '03/03', value: 1.5 },
        ]}
        series={[{ key: 'value', label: 'Niveau', color: '#2e7d32' }]}
        summary="Graphique : Niveau"
        unit="m"
        domain="data"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Graphique : Niveau' });
    expect(chart.querySelector('.chart-legend')).toBeNull();
    const ticks = [...chart.querySelectorAll('.chart-axis-y text')].map((t) => t.textContent);
    expect(ticks[0]).toBe('1 m');
    expect(ticks.at(-1)).toBe('2 m');
    expect(ticks).toContain('1,4 m');
    expect(chart.querySelectorAll('.chart-dot')).toHaveLength(3);
    expect(chart.querySelector('.chart-line-path')).toHaveAttribute('stroke', '#2e7d32');
    expect(chart.querySelector('.chart-hit title')).toHaveTextContent('01/03 : 1,12 m');
  });

  it('thins the x labels of a long series so that they do not overlap, and drops the dots', () => {
    const days = Array.from({ length: 90 }, (_, i) => ({
      x: `${String((i % 30) + 1).padStart(2, '0')}/0${Math.floor(i / 30) + 1}/2026`,
      value: i,
    }));
    render(<LineChart data={days} series={[{ key: 'value', label: 'Débit' }]} summary="Graphique : Débit" />);
    const chart = screen.getByRole('img', { name: 'Graphique : Débit' });
    const labels = chart.querySelectorAll('.chart-axis-x text');
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThan(10);
    expect(labels[0]).toHaveTextContent('01/01/2026');
    expect(chart.querySelectorAll('.chart-dot')).toHaveLength(0);
    expect(chart.querySelectorAll('.chart-hit')).toHaveLength(90);
  });

  it.each([
    [12, 360],
    [31, 420],
    [90, 700],
    [12, 900],
  ])('keeps %i x labels apart and inside a %i px box', (count, boxWidth) => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, 0, boxWidth, 110),
    );
    const rows = Array.from({ length: count }, (_, i) => ({
      x: `${String((i % 28) + 1).padStart(2, '0')}/11 ${String(i % 24).padStart(2, '0')}:00`,
      value: i % 7,
    }));
    render(
      <LineChart data={rows} series={[{ key: 'value', label: 'Hauteur' }]} summary="hauteurs" height={110} />,
    );
    const labels = [...screen.getByRole('img', { name: 'hauteurs' }).querySelectorAll('.chart-axis-x text')];
    expect(labels.length).toBeGreaterThan(1);
    // the extent of each label as drawn (11 px text, about 0.6 em per character)
    const extents = labels.map((label) => {
      const x = Number(label.getAttribute('x'));
      const w = label.textContent!.length * 11 * 0.6;
      const anchor = label.getAttribute('text-anchor');
      const start = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
      return [start, start + w] as const;
    });
    for (const [start, end] of extents) {
      expect(start).toBeGreaterThanOrEqual(0);
      expect(end).toBeLessThanOrEqual(boxWidth);
    }
    for (let i = 1; i < extents.length; i++) expect(extents[i]![0]).toBeGreaterThan(extents[i - 1]![1]);
  });

  it('breaks a line where a value is missing', () => {
    expect(linePath([0, 10, 20, 30], [5, null, 15, 25])).toBe('M0.0,5.0M20.0,15.0L30.0,25.0');
    render(
      <LineChart
        data={[
          { x: 'a', value: 1 },
          { x: 'b', value: null },
          { x: 'c', value: 3 },
        ]}
        series={[{ key: 'value', label: 'v' }]}
        summary="trou"
      />,
    );
    const d = screen.getByRole('img', { name: 'trou' }).querySelector('.chart-line-path')!.getAttribute('d')!;
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d).not.toContain('L');
  });

  it('draws at the width of its box and keeps its height, legend included', () => {
    layOutAtWidth(720);
    render(
      <LineChart
        data={volumes}
        series={[
          { key: 'produced', label: 'Produit' },
          { key: 'treated', label: 'Traité' },
        ]}
        summary="Volumes"
        height={150}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Volumes' }).querySelector('svg')!;
    expect(svg).toHaveAttribute('viewBox', '0 0 720 130');
    expect(svg).toHaveAttribute('height', '130');
  });
});
