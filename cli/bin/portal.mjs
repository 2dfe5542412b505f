#!/usr/bin/env node
// The `portal` command. It runs one bundled file (dist/portal.mjs, built by esbuild from src/ and
// the workspace packages it imports): no TypeScript is compiled per call, so a command costs a
// fraction of a second of CPU. The bundle is built on the first call after a fresh clone and
// again whenever one of its source files, or the installed packages, changed since; when it
// cannot be built (a read-only checkout), the sources run through tsx as they are.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cliDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const distDir = path.join(cliDir, 'dist');
const bundle = path.join(distDir, 'portal.mjs');
const inputsFile = path.join(distDir, 'portal.inputs.json');
// the installed packages: an install or upgrade rebuilds
const lockFile = path.join(cliDir, '..', 'package-lock.json');

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
};

/** Whether the bundle is older than any file it was built from (or missing). */
function stale() {
  if (process.env.PORTAL_CLI_SOURCES === '1' || !existsSync(bundle)) return true;
  const built = mtime(bundle);
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return [lockFile, ...inputs].some((file) => mtime(file) > built);
}

async function buildBundle() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(cliDir, 'src', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: cliDir,
    outfile: bundle,
    // started as programs of their own, never imported at run time by the commands
    external: ['concurrently', 'tsx', 'esbuild'],
    // the packages written for CommonJS call require(): give the ES module one
    banner: {
      js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
    },
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes('node_modules'))
    .map((file) => path.resolve(cliDir, file));
  mkdirSync(distDir, { recursive: true });
  // written aside, then renamed: parallel calls never read half a bundle
  const temporary = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
  renameSync(temporary, bundle);
}

let entry = bundle;
if (stale()) {
  try {
    if (process.env.PORTAL_CLI_SOURCES === '1') throw new Error('sources asked for');
    await buildBundle();
  } catch {
    const { register } = await import('tsx/esm/api');
    register();
    entry = path.join(cliDir, 'src', 'main.ts');
  }
}
await import(pathToFileURL(entry).href);
