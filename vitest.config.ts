import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contract', 'fixtures', 'mock-server', 'web', 'cli', 'tests', 'bench'],
  },
});
