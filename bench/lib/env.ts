/** The machine, the browser and the paths of a bench run. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { MachineInfo } from './table.ts';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
/** Where the build, the reports and bench.json go: bench-results/, or BENCH_RESULTS_DIR (two runs side by side). */
export const RESULTS_DIR = resolve(ROOT, process.env.BENCH_RESULTS_DIR ?? 'bench-results');

/** Debian's Chromium unless E2E_CHROMIUM_PATH / CHROMIUM_PATH says otherwise; null when absent. */
export function chromiumPath(env = process.env): string | null {
  const candidates = [
    env.E2E_CHROMIUM_PATH,
    env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  return null;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Flags for a quiet, offline, reproducible headless Chromium. */
export const CHROMIUM_FLAGS = [
  ...(isRoot ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--disable-quic',
  '--mute-audio',
];

function chromiumVersion(path: string | null): string | null {
  if (!path) return null;
  try {
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function machineInfo(chromium: string | null): MachineInfo {
  const list = cpus();
  return {
    cores: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown CPU',
    node: process.version,
    platform: `${platform()} ${release()}`,
    chromium: chromiumVersion(chromium),
    loadAverage: loadavg()[0] ?? 0,
    date: new Date().toISOString(),
  };
}
