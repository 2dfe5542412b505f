import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from './colors';
import { contrastRatio } from '@/lib/theme/colors';
import { bands, fitLabel, labelStep, linear, niceTicks, points } from './scale';

describe('niceTicks', () => {
  it('covers counts from 0 with whole, round steps', () => {
    expect(niceTicks(0, 37, { integer: true, includeZero: true }).values).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 3, { integer: true, includeZero: true }).values).toEqual([0, 1, 2, 3]);
    // nothing but zeros still gives an axis
    expect(niceTicks(0, 0, { integer: true, includeZero: true }).values).toEqual([0, 1]);
  });

  it('fits measures without 0 and keeps decimal steps exact', () => {
    const ticks = niceTicks(1.12, 1.87, { count: 4 });
    expect(ticks.values).toEqual([1, 1.2, 1.4, 1.6, 1.8, 2]);
    expect(niceTicks(1.1, 2, { count: 4 }).values).toEqual([1, 1.25, 1.5, 1.75, 2]);
    expect(ticks.min).toBeLessThanOrEqual(1.12);
    expect(ticks.max).toBeGreaterThanOrEqual(1.87);
    expect(niceTicks(412, 688, { count: 4 }).values).toEqual([400, 500, 600, 700]);
  });

  it('opens an axis around a single value and spans negative values', () => {
    const one = niceTicks(50, 50);
    expect(one.min).toBeLessThan(50);
    expect(one.max).toBeGreaterThan(50);
    expect(niceTicks(-8, 12, { count: 4 }).values).toEqual([-10, -5, 0, 5, 10, 15]);
  });
});

describe('positions', () => {
  it('maps values linearly, inverted for a y axis', () => {
    const y = linear([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
  });

  it('spreads points edge to edge and bars in equal bands', () => {
    expect(points(3, 0, 100)).toEqual([0, 50, 100]);
    expect(points(1, 0, 100)).toEqual([50]);
    const b = bands(2, 0, 100, 0.2);
    expect(b).toEqual([
      { offset: 5, size: 40 },
      { offset: 55, size: 40 },
    ]);
  });

  it('thins labels that would overlap and cuts a label too long for its place', () => {
    expect(labelStep(12, 60, 40)).toBe(1);
    expect(labelStep(31, 10, 36)).toBe(5);
    expect(fitLabel('Nouveau', 200)).toBe('Nouveau');
    const cut = fitLabel('Dépôt sauvage sur la voie publique', 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(12);
    // with the browser's own measure (here 5 px a character) the label is cut only when it must be
    const measure = (text: string) => text.length * 5;
    expect(fitLabel('Éclairage public', 90, measure)).toBe('Éclairage public');
    const fitted = fitLabel('Éclairage public', 50, measure);
    expect(fitted).toBe('Éclairage…');
    expect(measure(fitted)).toBeLessThanOrEqual(50);
  });
});

describe('CHART_COLORS', () => {
  it('reads at 3:1 or more on white (non-text contrast)', () => {
    for (const color of CHART_COLORS) expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
