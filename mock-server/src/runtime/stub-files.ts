/**
 * The stub-folder reader, one for the mock (`--stubs DIR`) and the CLI (`portal stub import`,
 * `portal serve --stubs`): a JSON file, or every `*.json` of a folder in name order, each a JSON array.
 * A file is read only where it lies: a symbolic link that leads out of the folder is refused, and so
 * is anything that is not a plain file. Names are printed with their control characters escaped (a
 * file name can hold terminal escapes). A byte order mark at the start of a file is skipped.
 */
import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** One file of stubs as read: its path, its name as it may be printed, its elements. */
export interface StubFile {
  file: string;
  name: string;
  stubs: unknown[];
}

/** Why a stub file or folder cannot be read: the message names it (printable). */
export class StubFileError extends Error {}

/** A name as it may be printed: control characters (terminal escapes) written as \u{…}. */
export function printable(name: string): string {
  return name.replace(
    /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`,
  );
}

const reason = (error: unknown) => (error as Error).message;

/** The elements of one file ("-": standard input), which must be a JSON array. */
function readOne(file: string): StubFile {
  const name = file === '-' ? 'standard input' : printable(file);
  let items: unknown;
  try {
    const text = readFileSync(file === '-' ? 0 : file, 'utf8');
    items = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new StubFileError(`cannot read stubs from ${name}: ${printable(reason(error))}`);
  }
  if (!Array.isArray(items)) throw new StubFileError(`${name} is not a JSON array of stubs`);
  return { file, name, stubs: items };
}

/** The `*.json` files of a folder in name order, each a plain file inside the folder. */
function folderFiles(dir: string): string[] {
  const root = realpathSync(dir);
  const files = readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
  for (const file of files) {
    const real = realpathSync(file);
    const relative = path.relative(root, real);
    if (relative.startsWith('..') || path.isAbsolute(relative))
      throw new StubFileError(
        `${printable(file)} leads out of the folder ${printable(dir)} (a symbolic link): refused`,
      );
    if (!statSync(real).isFile()) throw new StubFileError(`${printable(file)} is not a plain file`);
  }
  return files;
}

/**
 * Every stub file of `given` (a file, a folder of `*.json`, or "-" for standard input), all read before
 * any is used: the first that cannot be read stops with a StubFileError naming it. A folder without any
 * `*.json` is an error unless `emptyFolder` is "allowed".
 */
export function readStubFiles(given: string, emptyFolder: 'refused' | 'allowed' = 'refused'): StubFile[] {
  if (given === '-') return [readOne(given)];
  let folder: boolean;
  try {
    folder = statSync(given).isDirectory();
  } catch (error) {
    throw new StubFileError(`cannot read stubs from ${printable(given)}: ${printable(reason(error))}`);
  }
  if (!folder) return [readOne(given)];
  let files: string[];
  try {
    files = folderFiles(given);
  } catch (error) {
    if (error instanceof StubFileError) throw error;
    throw new StubFileError(`cannot read the stub folder ${printable(given)}: ${printable(reason(error))}`);
  }
  if (files.length === 0 && emptyFolder === 'refused')
    throw new StubFileError(`no *.json file in the folder ${printable(given)}`);
  return files.map(readOne);
}
