import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const fromRoot = (...parts: string[]): string => resolve(repoRoot, ...parts);
export const readText = (...parts: string[]): string => readFileSync(fromRoot(...parts), 'utf8');
export const exists = (...parts: string[]): boolean => existsSync(fromRoot(...parts));

export interface PackageJson {
  name: string;
  scripts?: Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export const readPackage = (dir: string): PackageJson =>
  JSON.parse(readText(dir, 'package.json')) as PackageJson;
