// The container test's own run (`npm run test:containers`, once in .ci/run): it builds images and
// starts the compose file, minutes of work that the other suites' runs should not repeat.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'containers',
    include: ['tests/containers/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 1_200_000,
  },
});
