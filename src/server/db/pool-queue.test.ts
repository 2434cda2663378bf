import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The connection queues of postgres.js's pool, as patched (patches/postgres+3.4.9.patch, ADR 003).
 * Upstream's queue kept a hole for every entry it handed out until it ran dry, which a pool with
 * an idle connection never does: it grew by one slot per query, and every query scanned it all
 * (bench:orders: 8 clients' `select 1` fell from 22,800/s to 9,600/s within 18 seconds).
 */

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

const require = createRequire(import.meta.url);
const packageDir = path.resolve(path.dirname(require.resolve('postgres')), '..', '..');
const builds: [string, () => Promise<(initial?: unknown[]) => Queue<unknown>>][] = [
  [
    'ESM build',
    async () => (await import(pathToFileURL(path.join(packageDir, 'src/queue.js')).href)).default,
  ],
  ['CommonJS build', async () => require(path.join(packageDir, 'cjs/src/queue.js'))],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(builds)('the pool queue (%s)', (_, load) => {
  it('hands entries out first in, first out, and removes one from anywhere', async () => {
    const Queue = await load();
    const q = Queue(['a', 'b']);
    q.push('c');
    q.push('d');
    expect(q.remove('c')).toBe('c');
    expect(q.remove('c')).toBeNull();
    expect(q.length).toBe(3);
    expect([q.shift(), q.shift()]).toEqual(['a', 'b']);
    q.push('e');
    expect(q.remove('a')).toBeNull();
    expect([q.shift(), q.shift(), q.length]).toEqual(['d', 'e', 0]);
  });

  it('stays as small as the pool while 100,000 queries pass through it', async () => {
    const Queue = await load();
    // The pool's moves for each query (postgres.js index.js go/move): the next open connection is
    // shifted out, "removed" from the open queue on its way to busy, then pushed back when done.
    // Five connections: two take turns with the queries, three stay idle in the queue.
    const connections = Array.from({ length: 5 }, (_, i) => ({ id: i }));
    const open = Queue(connections);
    const busy = Queue();
    let scanned = 0;
    const indexOf = Array.prototype.indexOf;
    vi.spyOn(Array.prototype, 'indexOf').mockImplementation(function (this: unknown[], ...args) {
      scanned = Math.max(scanned, this.length);
      return indexOf.apply(this, args as [unknown, number?]);
    });
    for (let i = 0; i < 100_000; i++) {
      const c = open.shift();
      open.remove(c);
      busy.push(c);
      busy.remove(c);
      open.push(c);
    }
    expect(open.length).toBe(5);
    // Upstream's array held 100,004 slots by then, scanned on every query.
    expect(scanned).toBeLessThanOrEqual(64);
    const order = Array.from({ length: 5 }, () => open.shift());
    expect(new Set(order).size).toBe(5);
  });
});
