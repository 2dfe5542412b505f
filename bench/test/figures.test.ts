import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../budgets.ts';
import {
  figure,
  judgedOnlyIf,
  meets,
  median,
  notAvailable,
  percentile,
  statusOf,
  summarize,
} from '../lib/figures.ts';

describe('budgets', () => {
  it('judges each comparison at, below and above its limit', () => {
    expect([149, 150, 151].map((v) => meets(v, { op: '<', limit: 150 }))).toEqual([true, false, false]);
    expect([149, 150, 151].map((v) => meets(v, { op: '<=', limit: 150 }))).toEqual([true, true, false]);
    expect([94, 95, 96].map((v) => meets(v, { op: '>=', limit: 95 }))).toEqual([false, true, true]);
    expect([2999, 3000, 3001].map((v) => meets(v, { op: '>', limit: 3000 }))).toEqual([false, false, true]);
  });

  it('marks a figure within or over its budget, info without one, n/a without a finite value', () => {
    expect(statusOf(215, BUDGETS.homeJsKiB)).toBe('within');
    expect(statusOf(215.1, BUDGETS.homeJsKiB)).toBe('over');
    expect(statusOf(100, BUDGETS.lighthouseAccessibility)).toBe('within');
    expect(statusOf(98, BUDGETS.lighthouseAccessibility)).toBe('over');
    expect(statusOf(12, undefined)).toBe('info');
    expect(statusOf(null, BUDGETS.keystrokeCpuMs)).toBe('n/a');
    expect(statusOf(Number.NaN, BUDGETS.keystrokeCpuMs)).toBe('n/a');
    expect(statusOf(Number.POSITIVE_INFINITY, BUDGETS.keystrokeCpuMs)).toBe('n/a');
  });

  it('keeps the budgets: 215 KiB home, 230 KiB other routes, 30 KiB sign-in, 15 KiB CSS, CPU per request, peer ratios, 1 s load, 300 MB', () => {
    expect(BUDGETS.homeJsKiB).toEqual({ op: '<=', limit: 215 });
    expect(BUDGETS.routeJsKiB).toEqual({ op: '<=', limit: 230 });
    expect(BUDGETS.signInJsKiB).toEqual({ op: '<', limit: 30 });
    expect(BUDGETS.routeCssKiB).toEqual({ op: '<', limit: 15 });
    expect(BUDGETS.mockSearchCpuUs).toEqual({ op: '<', limit: 1000 });
    expect(BUDGETS.peerCpuRatioCached).toEqual({ op: '>=', limit: 25 });
    expect(BUDGETS.peerCpuRatioUncached).toEqual({ op: '>=', limit: 8 });
    expect(BUDGETS.searchCostGrowth).toEqual({ op: '<', limit: 16 });
    expect(BUDGETS.lighthouseMobilePerformance).toEqual({ op: '>=', limit: 90 });
    expect(BUDGETS.lighthouseMobileLcpMs).toEqual({ op: '<=', limit: 2500 });
    expect(BUDGETS.lighthouseTbtMs).toEqual({ op: '<', limit: 200 });
    expect(BUDGETS.scenarioLoadMs).toEqual({ op: '<', limit: 1000 });
    expect(BUDGETS.rssMB).toEqual({ op: '<', limit: 300 });
    expect(BUDGETS.keystrokeCpuMs).toEqual({ op: '<', limit: 16 });
    expect(BUDGETS.usersTabCpuMs).toEqual({ op: '<', limit: 500 });
  });
});

describe('figures', () => {
  it('builds a figure with its status, dropping a non-finite value and keeping the note', () => {
    expect(
      figure('Mock', 'users: CPU per request', 42, 'µs', BUDGETS.mockCachedCpuUs, 'large scenario'),
    ).toEqual({
      section: 'Mock',
      name: 'users: CPU per request',
      value: 42,
      unit: 'µs',
      budget: BUDGETS.mockCachedCpuUs,
      status: 'within',
      note: 'large scenario',
    });
    const nan = figure('Mock', 'p99', Number.NaN, 'ms', BUDGETS.mockSearchCpuUs);
    expect(nan.value).toBeNull();
    expect(nan.status).toBe('n/a');
    expect(figure('Bundle', 'largest chunk', 60, 'KiB')).not.toHaveProperty('budget');
  });

  it('records why a figure is not available', () => {
    expect(notAvailable('Lighthouse', '/ performance', '', 'no Chromium found')).toMatchObject({
      value: null,
      status: 'n/a',
      note: 'no Chromium found',
    });
  });

  it('counts figures per status', () => {
    const figures = [
      figure('A', 'a', 1, '', { op: '<', limit: 2 }),
      figure('A', 'b', 3, '', { op: '<', limit: 2 }),
      figure('A', 'c', 3, ''),
      notAvailable('A', 'd', '', 'why'),
      figure('A', 'e', 0, '', { op: '<', limit: 2 }),
    ];
    expect(summarize(figures)).toEqual({ within: 2, over: 1, 'n/a': 1, info: 1 });
  });

  it('computes medians and nearest-rank percentiles', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([], 99)).toBeNull();
  });

  it('shows a figure budgeted elsewhere as information, with its standing against that budget', () => {
    const over = figure(
      'Lighthouse',
      '/x, mobile: LCP',
      3900,
      'ms',
      { op: '<=', limit: 2500 },
      'median of 3 runs',
    );
    expect(judgedOnlyIf(over, true)).toBe(over);
    const shown = judgedOnlyIf(over, false);
    expect(shown).toMatchObject({ value: 3900, status: 'info' });
    expect(shown.budget).toBeUndefined();
    expect(shown.note).toBe(
      "median of 3 runs; information: the budget (<= 2500) is the home page's, over it here",
    );
    const within = judgedOnlyIf(figure('L', 'y', 95, '', { op: '>=', limit: 90 }), false);
    expect(within.note).toBe("information: the budget (>= 90) is the home page's, within it here");
    expect(summarize([shown, within])).toEqual({ within: 0, over: 0, 'n/a': 0, info: 2 });
  });
});
