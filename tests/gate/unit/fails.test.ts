import { expect, test } from 'vitest';

// Fails on purpose: .ci/run requires vitest to exit non-zero on this file (see vitest.config.ts).
test('a failing unit test fails the run', () => {
  expect(1 + 1).toBe(3);
});
