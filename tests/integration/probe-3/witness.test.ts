/**
 * Probe 3, finding 10: `orders:verify` reported OK and sealed when the witness file was missing.
 * missingWitness is what the command asks first (the command itself: orders-seal.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingWitness, writeCheckpoint } from '../../../src/server/audit/verify.js';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.drop());

describe('orders:verify without its witness', () => {
  it('nothing sealed yet: no witness can exist, nothing is missing', async () => {
    expect(await missingWitness(db.sql, [], 'witness.ndjson')).toBeNull();
  });

  it('a log with checkpoints and no witnessed checkpoint: says so', async () => {
    const checkpoint = await writeCheckpoint(db.sql, 'a-key-of-at-least-thirty-two-characters!!');
    expect(await missingWitness(db.sql, [], 'witness.ndjson')).toMatch(
      /^MISSING WITNESS: the database has 1 checkpoint\(s\) but the witness file witness\.ndjson is missing or empty/,
    );
    expect(await missingWitness(db.sql, [checkpoint], 'witness.ndjson')).toBeNull();
  });
});
