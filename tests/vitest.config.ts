import { defineProject } from 'vitest/config';

// Static checks of the infrastructure: compose file, Dockerfiles, nginx entrypoint and config,
// the production server, the browser finder and .ci/run.
export default defineProject({
  test: { name: 'infra', environment: 'node', include: ['**/*.test.ts'], testTimeout: 30_000 },
});
