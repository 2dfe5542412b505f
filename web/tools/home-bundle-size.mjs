// Prints the gzipped size of the JavaScript needed to show the home page after sign-in:
// the entry and its static imports, plus the home route's chunk and its static imports.
// Run after `npx vite build` in web/: `node tools/home-bundle-size.mjs`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const wanted = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || wanted.has(chunk.file)) return;
  wanted.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit('index.html');
visit('src/features/dashboard/routes/home.tsx');
let total = 0;
for (const file of [...wanted].filter((f) => f.endsWith('.js'))) {
  const size = gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB  total (gzip -9) for the home page after sign-in`);
