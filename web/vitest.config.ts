import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { axiosFetchApart } from './tools/axios-fetch-apart.ts';

export default defineProject({
  // axios as the build ships it (its fetch adapter apart)
  plugins: [react(), axiosFetchApart()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000,
    // axios through Vite's resolution, so that the plugin above applies to it
    server: { deps: { inline: ['axios'] } },
  },
});
