// Compiles the mock server to one JavaScript file, mock-server/dist/main.mjs, for its Docker image:
// the container starts `node dist/main.mjs` instead of compiling TypeScript at every start. The
// workspace packages (@portal/contract, @portal/fixtures: TypeScript sources) are bundled in; every
// npm package (express, multer, zod...) stays an import resolved from node_modules at run time.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

await build({
  entryPoints: [here('../src/main.ts')],
  outfile: here('../dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(context) {
        // a bare import that is not one of the workspaces: resolved by Node from node_modules
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') || args.path.startsWith('node:') ? undefined : { external: true },
        );
      },
    },
  ],
});
console.log('mock-server/dist/main.mjs written');
