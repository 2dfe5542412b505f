import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../budgets.ts';
import { figure, notAvailable } from '../lib/figures.ts';
import {
  formatBudget,
  formatNumber,
  formatTable,
  formatValue,
  loadText,
  type MachineInfo,
} from '../lib/table.ts';

const machine: MachineInfo = {
  cores: 2,
  cpuModel: 'Test CPU',
  node: 'v20.19.0',
  platform: 'linux 6.1',
  chromium: 'Chromium 142.0',
  loadAverage: 0.25,
  date: '2026-11-22T10:00:00.000Z',
};

describe('formatting', () => {
  it('groups thousands and trims trailing zeros', () => {
    expect(formatNumber(3226.04)).toBe('3,226');
    expect(formatNumber(1234567.25, 2)).toBe('1,234,567.25');
    expect(formatNumber(164.2)).toBe('164.2');
    expect(formatNumber(-0.5)).toBe('-0.5');
    expect(formatNumber(12)).toBe('12');
  });

  it('shows values with their unit, n/a for a missing one, budgets with their operator', () => {
    expect(formatValue({ value: 43.1, unit: 'ms' })).toBe('43.1 ms');
    expect(formatValue({ value: null, unit: 'ms' })).toBe('n/a');
    expect(formatValue({ value: 1.8, unit: '' })).toBe('1.8');
    expect(formatBudget(BUDGETS.homeJsKiB, 'KiB')).toBe('≤ 215 KiB');
    expect(formatBudget(BUDGETS.lighthousePerformance, '')).toBe('≥ 95');
    expect(formatBudget(undefined, 'KiB')).toBe('-');
  });
});

describe('the table', () => {
  const figures = [
    figure('Bundle', 'home: JS gzip', 216.2, 'KiB', BUDGETS.homeJsKiB),
    figure('Bundle', 'map: JS gzip', 120, 'KiB', BUDGETS.routeJsKiB),
    {
      ...figure(
        'Mock server',
        'users: CPU per request',
        42,
        'µs',
        BUDGETS.mockCachedCpuUs,
        'large scenario, 50 connections',
      ),
      load: 7.25,
    },
    notAvailable('Lighthouse', 'all figures', '', 'no Chromium found (set E2E_CHROMIUM_PATH)'),
  ];
  const text = formatTable(figures, machine);
  const lines = text.split('\n');

  it('starts with the machine: cores, CPU, Node, Chromium and load', () => {
    expect(lines[0]).toBe(
      'Machine: 2 cores (Test CPU), Node v20.19.0, linux 6.1, Chromium 142.0, load average 0.25, 2026-11-22T10:00:00.000Z',
    );
  });

  it('puts each figure next to its budget and status, under its section', () => {
    expect(lines[1]).toMatch(/^Figure\s+\| Value\s+\| Budget\s+\| Status \| Load \| Note$/);
    expect(lines).toContain('[Bundle]');
    expect(lines).toContain('[Mock server]');
    const row = (name: string) =>
      lines
        .find((l) => l.startsWith(name))!
        .split('|')
        .map((c) => c.trim())
        .filter((c, i, all) => c !== '' || i < all.length - 1);
    expect(row('home: JS gzip')).toEqual(['home: JS gzip', '216.2 KiB', '≤ 215 KiB', 'OVER', '']);
    expect(row('map: JS gzip')).toEqual(['map: JS gzip', '120 KiB', '≤ 230 KiB', 'within', '']);
    expect(row('users: CPU per request')).toEqual([
      'users: CPU per request',
      '42 µs',
      '≤ 150 µs',
      'within',
      '7.3',
      'large scenario, 50 connections',
    ]);
    expect(row('all figures')).toEqual([
      'all figures',
      'n/a',
      '-',
      'n/a',
      '',
      'no Chromium found (set E2E_CHROMIUM_PATH)',
    ]);
  });

  it('aligns the columns and ends with the counts', () => {
    const rows = lines.filter((l) => l.includes(' | '));
    const bars = rows.map((l) => [...l.matchAll(/ \| /g)].slice(0, 3).map((m) => m.index));
    for (const b of bars) expect(b).toEqual(bars[0]);
    expect(lines.at(-1)).toBe('2 within budget, 1 over, 1 n/a, 0 informative');
  });
});

describe('the load line', () => {
  it('gives the load average at start and end, and calls the machine busy at its core count', () => {
    expect(loadText({ cores: 2, loadAverage: 0.8 })).toBe('load average 0.80');
    expect(loadText({ cores: 2, loadAverage: 0.8, loadAverageEnd: 3.1 })).toBe(
      'load average 0.80 at start, 3.10 at end (busy: 2 cores)',
    );
  });
});
