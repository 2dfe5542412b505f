/** The commands the README and docs/cli.md show name calls the contract has (method and path). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '@portal/mock-server/control';
import { endpointList } from '@portal/contract/endpoints';
import { ROOT } from './helpers.ts';

/** `--method M ... --path P` of every `portal` command line in a Markdown file. */
function methodPaths(file: string): { method: string; path: string; line: string }[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return text
    .split('\n')
    .filter((line) => /portal (stub|fault|journal)/.test(line))
    .flatMap((line) => {
      const method = /--method (\w+)/.exec(line)?.[1];
      const glob = /--path "?([^"\s]+)"?/.exec(line)?.[1];
      return method && glob ? [{ method: method.toUpperCase(), path: glob, line }] : [];
    });
}

describe('the documented calls exist', () => {
  for (const file of ['README.md', 'docs/cli.md'])
    it(`${file}: every --method/--path pair matches an endpoint of the contract`, () => {
      const found = methodPaths(file);
      expect(found.length).toBeGreaterThan(0);
      const missing = found.filter(({ method, path: glob }) => {
        const regex = compileGlob(glob);
        return !endpointList.some(
          (def) => def.method === method && regex.test(def.path.replace(/:[A-Za-z]+/g, '1')),
        );
      });
      expect(missing.map((m) => m.line)).toEqual([]);
    });
});
