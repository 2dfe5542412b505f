/** Option parsers shared by the commands: bad values become commander errors (exit 2). */
import { InvalidArgumentError, type Command } from 'commander';
import { ALL_ROLES } from '@portal/contract/roles';
import { PARTITION_PATTERN } from '@portal/mock-server/control';
import { UsageError } from './errors.ts';

const DEFAULT_MOCK_URL = 'http://localhost:3001';
export const DEFAULT_PORTAL_URL = 'http://localhost:5173';

/** Options every command inherits from the program. */
interface GlobalOptions {
  mockUrl?: string;
  partition?: string;
}

export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim()))
      throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max)
      throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got ${n}`);
    return n;
  };
}

/** A number above `above` and at most `max`, decimals allowed (a share such as 0.2, a spread such as 0.5). */
export function decimal(above: number, max: number, example: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!value.trim() || !(n > above && n <= max))
      throw new InvalidArgumentError(
        `expected a number above ${above}, at most ${max} (such as ${example}), got "${value}"`,
      );
    return n;
  };
}

export const port = integer(0, 65535);
export const positiveInt = integer(1);

export function url(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new InvalidArgumentError(
      `expected an http(s) address such as http://localhost:3001, got "${value}"`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidArgumentError(`expected an http(s) address, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

/** A comma-separated list of positive integers: "1,2,3". */
export function idList(value: string, previous: number[] = []): number[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new InvalidArgumentError('expected one or more ids, such as 1,2');
  return [...previous, ...parts.map((p) => positiveInt(p))];
}

/** A comma-separated (or repeated) list of words. */
export function wordList(value: string, previous: string[] = []): string[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new InvalidArgumentError('expected a comma-separated list');
  return [...previous, ...parts];
}

/**
 * A role name as the contract spells it. `signal_notify`, `SIGNAL_NOTIFY` and `ROLE_SIGNAL_NOTIFY`
 * all mean ROLE_SIGNAL_NOTIFY; anything else is refused with the list of known roles.
 */
export function roleName(value: string): string {
  const upper = value.trim().toUpperCase();
  const known = ALL_ROLES as readonly string[];
  if (known.includes(upper)) return upper;
  if (known.includes(`ROLE_${upper}`)) return `ROLE_${upper}`;
  throw new InvalidArgumentError(`unknown role "${value}"; known roles: ${known.join(', ')}`);
}

/** Option/argument parser: comma-separated or repeated role names, normalised, without duplicates. */
export function roles(value: string, previous: string[] = []): string[] {
  const parts = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new InvalidArgumentError('expected one or more roles, such as ROLE_USER');
  return [...new Set([...previous, ...parts.map(roleName)])];
}

/**
 * A setting read from the environment with an option's parser: empty or unset is undefined (the
 * default applies); a bad value is a usage error (exit 2) that names the variable.
 */
export function fromEnv<T>(
  name: string,
  parse: (value: string) => T,
  env: NodeJS.ProcessEnv = process.env,
): T | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    return parse(raw);
  } catch (error) {
    throw new UsageError(
      `${name}=${raw} is not valid: ${error instanceof Error ? error.message : String(error)}`,
      [`fix or unset ${name}`],
    );
  }
}

/** The mock server's address when the user gave one (--mock-url, else MOCK_URL), else undefined. */
export function explicitMockUrlOf(command: Command): string | undefined {
  const opts = command.optsWithGlobals<GlobalOptions>();
  return opts.mockUrl ?? fromEnv('MOCK_URL', url);
}

/** The mock server's address: --mock-url, else MOCK_URL, else the local default. */
export function mockUrlOf(command: Command): string {
  return (explicitMockUrlOf(command) ?? DEFAULT_MOCK_URL).replace(/\/+$/, '');
}

/** A partition name as the mock server accepts it (letters, digits, `_` and `-`). */
export function partitionName(value: string): string {
  if (!PARTITION_PATTERN.test(value))
    throw new InvalidArgumentError(
      `expected a partition name of letters, digits and _ . : - (1 to 100), got "${value}"`,
    );
  return value;
}

export function partitionOf(command: Command): string | undefined {
  const opts = command.optsWithGlobals<GlobalOptions>();
  return opts.partition ?? fromEnv('MOCK_PARTITION', partitionName);
}

/** Help text block: "Examples:" followed by the given command lines. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}
