/** The stub files a command reads: one file, stdin, or every *.json of a folder. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError, describeError } from './errors.ts';

/** The files `stub import` reads: the one given, or every *.json of a folder in name order. */
export function stubFiles(given: string): string[] {
  if (given === '-') return [given];
  let folder = false;
  try {
    folder = statSync(given).isDirectory();
  } catch (error) {
    throw new UsageError(`cannot read stubs from ${given}: ${describeError(error)}`);
  }
  if (!folder) return [given];
  const files = readdirSync(given)
    .filter((name) => name.toLowerCase().endsWith('.json'))
    .sort()
    .map((name) => path.join(given, name));
  if (files.length === 0) throw new UsageError(`no *.json file in the folder ${given}`);
  return files;
}
