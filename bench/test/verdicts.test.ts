import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../budgets.ts';
import { figure, notAvailable } from '../lib/figures.ts';
import { compareVerdicts, verdictTable } from '../lib/verdicts.ts';
import { formatDuration, formatStepTimes } from '../lib/sections.ts';
import { pairedRatio, settled, type Measured } from '../sections/mock.ts';

describe('two runs of one commit side by side', () => {
  // figures as a quiet run and a run beside two CPU burners recorded them
  const quiet = [
    figure('Lighthouse', '/ (dashboard-all): main thread CPU', 640, 'ms', BUDGETS.homeMainThreadCpuMs),
    figure('Bundle', '/signalement/signaler: JS', 280.6, 'KiB', BUDGETS.fieldRouteJsKiB),
    figure('Mock', 'Mockoon CLI / mock (kept answers)', 26.1, '×', BUDGETS.peerCpuRatioCached),
    figure('Mock', 'users page: req/s', 2682, 'req/s'),
    figure('Interaction', 'keystroke CPU (p95)', 4.9, 'ms', BUDGETS.keystrokeCpuMs),
  ];
  const busy = [
    figure('Lighthouse', '/ (dashboard-all): main thread CPU', 702, 'ms', BUDGETS.homeMainThreadCpuMs),
    figure('Bundle', '/signalement/signaler: JS', 280.6, 'KiB', BUDGETS.fieldRouteJsKiB),
    figure('Mock', 'Mockoon CLI / mock (kept answers)', 21.4, '×', BUDGETS.peerCpuRatioCached),
    figure('Mock', 'users page: req/s', 1210, 'req/s'),
    notAvailable('Interaction', 'keystroke CPU (p95)', 'ms', 'section failed', BUDGETS.keystrokeCpuMs),
    figure('Mock', 'search CPU', 140, 'µs', BUDGETS.mockSearchCpuUs),
  ];

  it('lists every judged figure of either run, and agrees only when both judged it alike', () => {
    const rows = compareVerdicts(quiet, busy);
    expect(rows.map((r) => [r.name, r.same])).toEqual([
      ['/ (dashboard-all): main thread CPU', true],
      // over in both runs: the same verdict
      ['/signalement/signaler: JS', true],
      // the ratio crossed its budget with the load: not judged robustly
      ['Mockoon CLI / mock (kept answers)', false],
      // measured in one run only
      ['keystroke CPU (p95)', false],
      ['search CPU', false],
    ]);
    expect(rows[1]?.a?.status).toBe('over');
    expect(rows[4]?.a).toBeNull();
  });

  it('prints the comparison as a Markdown table, disagreements marked', () => {
    const table = verdictTable(compareVerdicts(quiet, busy), ['quiet', 'burners']);
    expect(table.split('\n')[0]).toBe('| figure | budget | quiet | burners | same verdict |');
    expect(table).toContain(
      '| / (dashboard-all): main thread CPU | ≤ 900 ms | 640 ms within | 702 ms within | yes |',
    );
    expect(table).toContain(
      '| Mockoon CLI / mock (kept answers) | ≥ 25 × | 26.1 × within | 21.4 × OVER | **no** |',
    );
    expect(table).toContain('| keystroke CPU (p95) | < 16 ms | 4.9 ms within | n/a n/a | **no** |');
    expect(table).toContain('| search CPU | < 1,000 µs | absent | 140 µs within | **no** |');
  });
});

describe('the time of a run', () => {
  it('prints each step with its wall and CPU time and load, a failed one with its reason', () => {
    expect(formatDuration(48.4)).toBe('48 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(
      formatStepTimes(
        [
          { step: 'build', wallS: 31.2, cpuS: 58.9, load: 3.14 },
          { step: 'lighthouse', wallS: 180, cpuS: null, load: 9, failed: 'did not finish within 180 s' },
        ],
        211.2,
      ),
    ).toBe(
      [
        'Time (the run: 3 min 31 s wall):',
        '  build: 31 s wall, 59 s CPU, load average 3.1',
        '  lighthouse: 3 min 00 s wall, ? s CPU, load average 9.0 (FAILED: did not finish within 180 s)',
      ].join('\n'),
    );
  });
});

describe('the mock beside its peers', () => {
  const run = (cpuUs: number | null): Measured => ({
    cpuUs,
    rps: 1,
    p99: 1,
    requests: 1,
    errors: 0,
    load: 1,
  });

  it("divides the peer's least disturbed round by the mock's, listing each round's ratio", () => {
    // beside CPU burners the peer's long calls were slowed in two rounds, the mock's short ones not
    const mockoon = [run(790), run(1026), run(1373)];
    const mock = [run(39), run(40), run(42)];
    expect(pairedRatio(mockoon, mock)).toEqual({ value: 20.3, each: [20.3, 25.7, 32.7] });
    expect(pairedRatio([run(760), run(null)], [run(40), run(38)])).toEqual({ value: 20, each: [19, null] });
    expect(pairedRatio([run(null)], [run(40)]).value).toBeNull();
  });

  it('warms a server until two slices in a row cost the same within 15 %', () => {
    expect(settled([1533, 1206])).toBe(false);
    expect(settled([1533, 1206, 819, 759])).toBe(true);
    expect(settled([800])).toBe(false);
    expect(settled([800, null])).toBe(false);
  });
});
