import { defineProject } from 'vitest/config';

// The pure parts of `npm run bench` (budgets, the table, chunk totals and attribution, section
// selection) and how it starts the servers it measures. The measurements themselves are not tests:
// a slow machine must not fail the suite.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['test/**/*.test.ts'] },
});
