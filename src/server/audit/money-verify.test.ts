import { describe, expect, it } from 'vitest';
import { closureTotals } from '../../domain/orders/closures.js';
import { MoneyVerifier } from './money-verify.js';
import type { AuditEvent } from './verify.js';

const event = (position: number, type: string, data: unknown) =>
  ({ position, type, data }) as unknown as AuditEvent;
const pay = (position: number, day: string, amountCents: number) =>
  event(position, 'PaymentRecorded', {
    day,
    method: 'cash',
    amountCents,
    vatRate: 20,
    vatCents: Math.round(amountCents / 6),
  });
const closure = (
  position: number,
  day: string,
  totals: ReturnType<typeof closureTotals>,
  grandTotalCents: number,
) =>
  event(position, 'ClosureWritten', {
    kind: 'day',
    period: day,
    firstDay: day,
    lastDay: day,
    totals,
    grandTotalCents,
  });
const totalsOf = (...amounts: number[]) =>
  closureTotals(
    amounts.map((a, i) => ({
      position: i,
      day: 'd',
      method: 'cash',
      amountCents: a,
      vatRate: 20,
      vatCents: Math.round(a / 6),
    })),
  );

function verify(...events: AuditEvent[]) {
  const v = new MoneyVerifier();
  for (const e of events) v.add(e);
  return v.finish().map((p) => p.message);
}

describe('the closures orders:verify checks', () => {
  it('accepts closures equal to their movements, with grand totals that follow', () => {
    expect(
      verify(
        pay(1, '2026-11-23', 1200),
        pay(2, '2026-11-23', 600),
        closure(3, '2026-11-23', totalsOf(1200, 600), 1800),
        pay(4, '2026-11-24', 500),
        closure(5, '2026-11-24', totalsOf(500), 2300),
      ),
    ).toEqual([]);
  });

  it('names a closure that differs from the sum of its movements (a payment edited or added later)', () => {
    const [message] = verify(pay(1, '2026-11-23', 1200), closure(2, '2026-11-23', totalsOf(1000), 1000));
    expect(message).toMatch(/closure day 2026-11-23 \(position 2\): does not equal the sum of its movements/);
  });

  it('names a movement recorded in a day after its closure, a wrong grand total, a missing day', () => {
    const problems = verify(
      pay(1, '2026-11-22', 100),
      pay(2, '2026-11-23', 1200),
      closure(3, '2026-11-23', totalsOf(1200), 1300),
      pay(4, '2026-11-23', 50),
    );
    expect(problems.join('\n')).toContain(
      'position 4: movement dated 2026-11-23, recorded after closure day',
    );
    expect(problems.join('\n')).toContain('grand total 1300 where the closures before make 1200');
    expect(problems.join('\n')).toContain('day 2026-11-22: has movements but no closure');
  });
});
