/**
 * Servers the bench starts in processes of their own (the mock, its peers): start, wait until they
 * answer, stop; and what the kernel counts for them (CPU time, resident memory) from /proc, so that
 * a figure says how much work a server did, whatever else the machine was running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { ROOT } from './env.ts';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port')),
      );
    });
  });
}

export interface Child {
  process: ChildProcess;
  url: string;
  /** spawn to the first answer */
  startMs: number;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

/** Waits until `url` answers (any status below 500), or the process dies, or the time runs out. */
async function waitReady(child: ChildProcess, url: string, timeoutMs: number, tail: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`exited with ${child.exitCode} before answering${tail() ? `: ${tail()}` : ''}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms${tail() ? `: ${tail()}` : ''}`);
}

/**
 * V8's options for the servers the bench measures under load: the garbage collector's work on the
 * main thread. With its helper threads, a collection waits for them, and on a machine whose cores
 * are taken they are often off the core: their waiting was counted as the server's CPU. Beside two
 * CPU burners Mockoon CLI's CPU per call went from 673-761 us to 683-931 us with the helpers (their
 * share 130-260 us), and from 742-812 to 756-810 us with the collector on the main thread; the mock's
 * did not move either way (docs/bench.md). Not for a memory figure: a collector on one thread
 * leaves a larger heap between collections (the mock after five seeds of `large`: 277-292 MB
 * against 234-237).
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ['--single-threaded-gc'];

/**
 * Starts `node <nodeOptions> <args>` (`{port}` in the arguments is replaced by a free port) and
 * waits until `readyPath` answers; stdout is dropped (a server logging every call writes there), the
 * last lines of stderr are kept for the error message.
 */
export async function startNode(
  label: string,
  args: readonly string[],
  readyPath: string,
  timeoutMs = 60_000,
  signal?: AbortSignal,
  nodeOptions: readonly string[] = SERVER_NODE_OPTIONS,
): Promise<Child> {
  signal?.throwIfAborted();
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [...nodeOptions, ...args.map((a) => a.replace('{port}', String(port)))],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const url = `http://127.0.0.1:${port}`;
  // a section stopped at its time limit takes its servers down with it
  const stop = stopper(child);
  const onAbort = () => void stop();
  signal?.addEventListener('abort', onAbort, { once: true });
  child.once('exit', () => signal?.removeEventListener('abort', onAbort));
  try {
    await waitReady(child, `${url}${readyPath}`, timeoutMs, () =>
      stderr.trim().split('\n').slice(-3).join(' '),
    );
  } catch (error) {
    await stop();
    throw new Error(`${label}: ${(error as Error).message}`);
  }
  return { process: child, url, startMs: Date.now() - started, stop };
}

/** Resident memory of a process from /proc (current and peak), in bytes; null off Linux. */
export function processMemory(
  pid: number | undefined,
  status?: string,
): { rss: number; peak: number } | null {
  let text = status;
  if (text === undefined) {
    if (pid === undefined) return null;
    try {
      text = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return null;
    }
  }
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text ?? '');
    return match?.[1] ? Number(match[1]) * 1024 : null;
  };
  const rss = kib('VmRSS');
  const peak = kib('VmHWM');
  return rss === null ? null : { rss, peak: peak ?? rss };
}

/** Clock ticks per second of /proc's CPU counters (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) of a process from the text of /proc/PID/stat, in ms: fields 14 and 15,
 * counted after the command name's closing parenthesis (the name may hold spaces). With
 * `reaped`, fields 16 and 17 too: the CPU of its children that have exited and been waited for.
 */
export function cpuMsOfStat(stat: string, reaped = false): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17
  const own = Number(fields[11]) + Number(fields[12]);
  const ticks = reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : NaN;
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * CPU time (ms) a process and its running descendants have used so far; null off Linux or once it
 * has gone. With `reaped`, the descendants that have already exited count too (a section's
 * browsers and servers come and go: the figure only grows).
 */
export function processCpuMs(pid: number | undefined, reaped = false): number | null {
  if (pid === undefined) return null;
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    try {
      total += cpuMsOfStat(readFileSync(`/proc/${next}/stat`, 'utf8'), reaped);
    } catch {
      if (next === pid) return null;
    }
    queue.push(...childrenOf(next));
  }
  return Number.isFinite(total) ? total : null;
}

/**
 * Resolves once a process has used no more than one clock tick of CPU over `quietMs` (a server that
 * has answered, or dropped, the calls still queued from a load test), or after `maxMs`: a load
 * test's window must not be charged for the work of the one before it.
 */
export async function waitIdle(pid: number | undefined, quietMs = 100, maxMs = 5_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = processCpuMs(pid);
  while (last !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, quietMs));
    const now = processCpuMs(pid);
    if (now === null || now - last <= 1000 / TICKS_PER_SECOND) return;
    last = now;
  }
}
