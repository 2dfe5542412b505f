import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../lib/env.ts';
import { failingAudits, type LighthouseResult } from '../lib/lighthouse-result.ts';
import { onlyArgument, sectionLimitMs, selectedSections } from '../lib/sections.ts';
import { cpuMsOfStat, processMemory } from '../lib/processes.ts';
import { COLD_SEEDS, ratio, scenarioLoadFigures, summarise, type Measured } from '../sections/mock.ts';
import { pastedEmails } from '../sections/interaction.ts';

describe('--only', () => {
  it('reads the section from `--only X` or `--only=X`, nothing without it', () => {
    expect(onlyArgument(['--only', 'mock'])).toBe('mock');
    expect(onlyArgument(['--only=bundle,mock'])).toBe('bundle,mock');
    expect(onlyArgument([])).toBeUndefined();
  });

  it('gives each section a time limit, BENCH_SECTION_LIMIT (seconds) overriding it', () => {
    expect(sectionLimitMs('mock', {})).toBeGreaterThan(60_000);
    expect(sectionLimitMs('mock', { BENCH_SECTION_LIMIT: '30' })).toBe(30_000);
  });
});

describe('BENCH_ONLY', () => {
  it('runs every section by default, a subset in the fixed order, and refuses unknown names', () => {
    expect(selectedSections(undefined)).toEqual(['bundle', 'lighthouse', 'interaction', 'mock']);
    expect(selectedSections('mock, bundle')).toEqual(['bundle', 'mock']);
    expect(() => selectedSections('mock,speed')).toThrow(
      'BENCH_ONLY: unknown section(s) speed; choose among bundle, lighthouse, interaction, mock',
    );
  });
});

describe('the mock server figures', () => {
  it('compares with a peer as a ratio, n/a without a figure of either', () => {
    expect(ratio(3226, 1100)).toBe(2.9);
    expect(ratio(900, 1000)).toBe(0.9);
    expect(ratio(3226, 0)).toBeNull();
    expect(ratio(null, 1000)).toBeNull();
    expect(ratio(Number.NaN, 1000)).toBeNull();
  });

  it('takes the medians of interleaved rounds, leaving out a round without CPU counters', () => {
    const run = (cpuUs: number | null, rps: number, p99: number): Measured => ({
      cpuUs,
      rps,
      p99,
      requests: rps * 3,
      errors: 0,
      load: 1,
    });
    const s = summarise([run(30, 9000, 12), run(null, 4000, 40), run(34, 12000, 9), run(26, 8000, 15)]);
    expect(s.cpuUs).toBe(30);
    expect(s.rps).toBe(8500);
    expect(s.p99).toBe(13.5);
  });

  it('reads CPU time from /proc/PID/stat, a command name with spaces and parentheses included', () => {
    const stat =
      '4242 (node (mock) x) S 1 4242 4242 0 -1 4194304 1000 0 0 0 250 37 100 3 20 0 11 0 100 1000000 5000';
    expect(cpuMsOfStat(stat)).toBe(2870);
    // with the children it has waited for (a browser closed, a server stopped)
    expect(cpuMsOfStat(stat, true)).toBe(3900);
  });

  it('reads resident and peak memory from /proc status', () => {
    const status = 'Name:\tnode\nVmHWM:\t  281000 kB\nVmRSS:\t  253000 kB\nThreads:\t11\n';
    expect(processMemory(1, status)).toEqual({ rss: 253_000 * 1024, peak: 281_000 * 1024 });
    expect(processMemory(1, 'VmRSS:\t 10 kB\n')).toEqual({ rss: 10_240, peak: 10_240 });
    expect(processMemory(1, 'Name: node\n')).toBeNull();
    expect(processMemory(undefined)).toBeNull();
  });
});

describe('Lighthouse notes', () => {
  it('names the weighted audits that lost points in a category, at most four', () => {
    const lhr: LighthouseResult = {
      environment: { benchmarkIndex: 1000 },
      finalDisplayedUrl: 'http://127.0.0.1/',
      runWarnings: [],
      categories: {
        accessibility: {
          score: 0.9,
          auditRefs: [
            { id: 'color-contrast', weight: 7 },
            { id: 'label', weight: 7 },
            { id: 'bypass', weight: 0 },
            { id: 'list', weight: 3 },
          ],
        },
      },
      audits: {
        'color-contrast': { id: 'color-contrast', score: 0 },
        label: { id: 'label', score: 1 },
        bypass: { id: 'bypass', score: 0 },
        list: { id: 'list', score: null },
      },
    };
    expect(failingAudits(lhr, 'accessibility')).toBe('color-contrast');
    expect(failingAudits(lhr, 'performance')).toBe('');
  });
});

describe('the browser', () => {
  it('takes E2E_CHROMIUM_PATH when it exists, and is null when no browser exists', () => {
    expect(chromiumPath({ E2E_CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
    const found = chromiumPath({ E2E_CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(found === null || found.startsWith('/usr/bin/chromium')).toBe(true);
  });

  it('judges the CPU of the median cold build of the large scenario, and shows cached loads without a budget', () => {
    expect(new Set(COLD_SEEDS).size).toBe(COLD_SEEDS.length);
    const [cold, cached] = scenarioLoadFigures(
      [
        { seed: 1, loadMs: 2900, cpuMs: 900 },
        { seed: 2, loadMs: 1250, cpuMs: 1300 },
        { seed: 3, loadMs: 1100, cpuMs: 1100 },
      ],
      [
        { seed: 1, loadMs: 12, cpuMs: 10 },
        { seed: 1, loadMs: 10, cpuMs: null },
      ],
    );
    expect(cold).toMatchObject({
      name: 'large scenario load, cold build: CPU (median)',
      value: 1100,
      unit: 'ms',
      budget: { op: '<', limit: 1000 },
      status: 'over',
    });
    expect(cold?.note).toContain('900 CPU / 2900 wall (seed 1), 1300 CPU / 1250 wall (seed 2)');
    expect(cold?.note).toContain('wall time median 1250 ms');
    expect(cached).toMatchObject({ name: 'large scenario load, cached (median)', value: 11 });
    expect(cached?.budget).toBeUndefined();
  });
});

describe('the add-users wizard paste', () => {
  it('gives 1,000 distinct addresses separated by semicolons, new lines and spaces', () => {
    const text = pastedEmails();
    const addresses = text.split(/[;\s]+/).filter(Boolean);
    expect(addresses).toHaveLength(1000);
    expect(new Set(addresses).size).toBe(1000);
    expect(text).toContain(';');
    expect(text).toContain('\n');
    expect(addresses.every((a) => /^bench\.user\d+@example\.fr$/.test(a))).toBe(true);
  });
});
