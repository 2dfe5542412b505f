import { afterEach, describe, expect, it } from 'vitest';
import { type Child, SERVER_NODE_OPTIONS, startNode } from '../lib/processes.ts';

// a server answering the V8 options it was started with
const ECHO_OPTIONS = [
  '-e',
  "require('node:http').createServer((q, s) => s.end(JSON.stringify(process.execArgv.filter((a) => a.startsWith('--'))))).listen({port}, '127.0.0.1')",
];

describe('the servers the bench starts', () => {
  const started: Child[] = [];
  afterEach(async () => {
    for (const child of started.splice(0)) await child.stop();
  });

  it('run with the garbage collector on their main thread, unless told otherwise', async () => {
    expect(SERVER_NODE_OPTIONS).toEqual(['--single-threaded-gc']);
    const measured = await startNode('echo', ECHO_OPTIONS, '/');
    started.push(measured);
    expect(await (await fetch(measured.url)).json()).toEqual(['--single-threaded-gc']);
    const plain = await startNode('echo', ECHO_OPTIONS, '/', 10_000, undefined, []);
    started.push(plain);
    expect(await (await fetch(plain.url)).json()).toEqual([]);
  });
});
