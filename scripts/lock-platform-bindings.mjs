#!/usr/bin/env node
// Keeps package-lock.json usable by `npm ci` on every platform.
//
// The registry this project is built against serves only the Linux builds of some native
// packages' optional platform bindings (unrs-resolver's, used by the ESLint import resolver;
// oxc-parser's, used by knip), so `npm install` leaves the other platforms out of the lock file, and `npm ci` then refuses it ("Missing: ... from lock
// file"). This script records those bindings as optional, platform-restricted entries (as npm
// itself does where the registry has them); npm skips them on other platforms.
// Run it after any `npm install` that rewrites the lock file: `node scripts/lock-platform-bindings.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** `os-cpu[-abi]` of a binding name to npm's platform fields. */
function platformOf(suffix) {
  const [os, cpu, abi] = suffix.split('-');
  const cpuName = cpu === 'arm' ? 'arm' : cpu;
  const libc = abi?.startsWith('musl') ? ['musl'] : os === 'linux' && abi ? ['glibc'] : undefined;
  return { os: [os], cpu: [cpuName], ...(libc ? { libc } : {}) };
}

/** The binding families, by the prefix their platform suffix follows. */
const BINDING_PREFIXES = ['@unrs/resolver-binding-', '@oxc-parser/binding-', '@oxc-resolver/binding-'];
const prefixOf = (name) => BINDING_PREFIXES.find((prefix) => name.startsWith(prefix));

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies ?? {};
  for (const [name, version] of Object.entries(optional)) {
    const prefix = prefixOf(name);
    if (!prefix) continue;
    const parent = path.slice(
      0,
      path.lastIndexOf('node_modules/') === -1 ? 0 : path.lastIndexOf('node_modules/'),
    );
    const candidates = [`${parent}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((candidate) => packages[candidate])) continue;
    const { os, cpu, libc } = platformOf(name.slice(prefix.length));
    packages[`node_modules/${name}`] = {
      version,
      cpu,
      dev: entry.dev ?? undefined,
      ...(libc ? { libc } : {}),
      license: 'MIT',
      optional: true,
      os,
    };
    added += 1;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(
  added > 0 ? `package-lock.json: ${added} platform bindings recorded` : 'package-lock.json: nothing to add',
);
