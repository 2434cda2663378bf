import path from 'node:path';
import { defineConfig } from 'vitest/config';

/*
 * VITEST_GATE_FIXTURE=1 adds tests/gate/: tests that fail on purpose, one per project. CI runs them
 * alone and requires a non-zero exit, proving a failing test can fail the build (.ci/run).
 */
const gate = process.env.VITEST_GATE_FIXTURE === '1';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', ...(gate ? ['tests/gate/unit/*.test.ts'] : [])],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', ...(gate ? ['tests/gate/integration/*.test.ts'] : [])],
          globalSetup: ['tests/support/global-setup.ts'],
          // Bounds for a stuck test, not timings: the CLI tests start tsx two or three times, which
          // took over 60 s at load 40 on two cores.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
