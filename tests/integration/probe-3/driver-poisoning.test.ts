/**
 * Probe 3, finding 2 (the driver half): a parameter that postgres.js's serializer rejects
 * (`new Date('2026-13-01').toISOString()` throws a RangeError inside Bind) must fail its own query
 * only. Upstream porsager/postgres#728; the fix is in patches/postgres+3.4.9.patch (ADR 003).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create table probe_rows (id int primary key, label text not null)`;
  await db.sql`insert into probe_rows select g, 'row-' || g from generate_series(1, 200) g`;
});
afterAll(async () => db.drop());

const BAD = ['2026-13-01', '2026-02-30x', 'not a date', '99999-99-99', ''];

describe('a parameter the serializer rejects fails one query and poisons no connection', () => {
  it('50 bad parameters concurrent with valid reads: each bad one fails, each read gets its own rows', async () => {
    const { sql } = db;
    const bad = Array.from({ length: 50 }, (_, i) => BAD[i % BAD.length] as string).map((day, i) =>
      // The same statement twice, then a new one: the first Bind runs after Describe (unprepared),
      // the later ones in execute() (prepared), and some are pipelined behind a valid read.
      (i % 2 === 0
        ? sql`select ${day}::date as d`
        : sql`select ${day}::timestamptz as t, ${i}::int as i`
      ).then(
        () => 'resolved',
        (error: Error) => error.name,
      ),
    );
    const reads = Array.from({ length: 150 }, (_, i) => {
      const id = (i % 200) + 1;
      return sql`select id, label from probe_rows where id = ${id}`.then((rows) => ({ id, rows: [...rows] }));
    });
    const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000).unref());
    const outcome = await Promise.race([Promise.all([Promise.all(bad), Promise.all(reads)]), timeout]);
    expect(outcome).not.toBe('hung');
    const [badOutcomes, readOutcomes] = outcome as [
      string[],
      { id: number; rows: { id: number; label: string }[] }[],
    ];
    expect(badOutcomes.every((o) => o === 'RangeError')).toBe(true);
    for (const r of readOutcomes) expect(r.rows).toEqual([{ id: r.id, label: `row-${r.id}` }]);
    // Every connection still answers its own queries afterwards.
    const after = await Promise.all(Array.from({ length: 30 }, (_, i) => sql`select ${i}::int as n`));
    expect(after.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('inside a transaction, the bad parameter fails the transaction and the pool stays usable', async () => {
    const { sql } = db;
    await expect(
      sql.begin(async (tx) => {
        await tx`select 1`;
        await tx`select ${'2026-13-01'}::date`;
      }),
    ).rejects.toThrow(RangeError);
    const rows = await sql`select count(*)::int as n from probe_rows`;
    expect(rows[0]?.n).toBe(200);
  });
});
