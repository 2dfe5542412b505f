import { defineProject } from 'vitest/config';

// Each test runs the real `portal` binary as a child process (about a second per call).
export default defineProject({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
