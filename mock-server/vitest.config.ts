import { defineProject } from 'vitest/config';

export default defineProject({
  // HTTP round trips against a real server: generous timeouts for loaded CI machines
  test: {
    name: 'mock-server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
