/**
 * What orders:verify checks of the money (issue 24, point 4), over the same events the log
 * verifier reads (database or file): each closure equals the sum of the movements of its days
 * (recomputed with the domain's closureTotals), the grand totals follow each other, no day with
 * movements before the last closed day lacks its closure, no movement sits in a day closed before
 * it was recorded, and (database only) the closures' read table matches the closure events.
 */
import {
  type ClosureWritten,
  closureTotals,
  type Movement,
  type MovementData,
  tillMovement,
} from '../../domain/orders/closures.js';
import { canonicalJson } from '../orders/canonical.js';
import type { AuditEvent, AuditProblem } from './verify.js';

export class MoneyVerifier {
  private movements: Movement[] = [];
  private closures: (ClosureWritten & { position: number })[] = [];

  add(event: AuditEvent) {
    const movement = tillMovement(event.type, Number(event.position), event.data as unknown as MovementData);
    if (movement) {
      this.movements.push(movement);
    } else if ((event.type as string) === 'ClosureWritten') {
      this.closures.push({ ...(event.data as unknown as ClosureWritten), position: Number(event.position) });
    }
  }

  get closureCount() {
    return this.closures.length;
  }

  /** `stored`: the money_closures rows (database mode), checked against the closure events. */
  finish(stored?: { position: number; kind: string; period: string; netCents: number }[]): AuditProblem[] {
    const problems: AuditProblem[] = [];
    const report = (position: number | null, message: string) =>
      problems.push({ position, kind: 'closure', message });
    const grand = new Map<string, number>();
    const sorted = [...this.closures].sort((a, b) => (a.lastDay < b.lastDay ? -1 : 1));
    for (const c of sorted) {
      const covered = this.movements.filter((m) => m.day >= c.firstDay && m.day <= c.lastDay);
      const totals = closureTotals(covered);
      const label = `closure ${c.kind} ${c.period} (position ${c.position})`;
      if (canonicalJson(totals) !== canonicalJson(c.totals)) {
        report(
          c.position,
          `${label}: does not equal the sum of its movements (${totals.movementCount} movements, net ${totals.netCents} cents; the closure says ${c.totals.movementCount}, ${c.totals.netCents})`,
        );
      }
      for (const m of covered) {
        if (m.position > c.position) {
          report(m.position, `position ${m.position}: movement dated ${m.day}, recorded after ${label}`);
        }
      }
      const expected = (grand.get(c.kind) ?? 0) + c.totals.netCents;
      if (c.grandTotalCents !== expected) {
        report(
          c.position,
          `${label}: grand total ${c.grandTotalCents} where the closures before make ${expected}`,
        );
      }
      grand.set(c.kind, c.grandTotalCents);
    }
    const dayClosures = new Set(sorted.filter((c) => c.kind === 'day').map((c) => c.period));
    const lastClosedDay = sorted.filter((c) => c.kind === 'day').at(-1)?.lastDay ?? null;
    if (lastClosedDay) {
      const missing = new Set<string>();
      for (const m of this.movements) {
        if (m.day <= lastClosedDay && !dayClosures.has(m.day)) missing.add(m.day);
      }
      for (const day of [...missing].sort()) {
        report(
          null,
          `day ${day}: has movements but no closure, although later days are closed (closure missing)`,
        );
      }
    }
    if (stored) {
      const events = new Map(this.closures.map((c) => [c.position, c]));
      const rows = new Map(stored.map((r) => [Number(r.position), r]));
      for (const [position, c] of events) {
        const row = rows.get(position);
        if (!row) report(position, `closure ${c.kind} ${c.period}: missing from money_closures (deleted)`);
        else if (
          row.kind !== c.kind ||
          row.period !== c.period ||
          Number(row.netCents) !== c.totals.netCents
        ) {
          report(
            position,
            `closure ${c.kind} ${c.period}: money_closures row differs from its event (edited)`,
          );
        }
      }
      for (const [position, row] of rows) {
        if (!events.has(position))
          report(position, `closure ${row.kind} ${row.period}: no closure event behind it`);
      }
    }
    return problems;
  }
}
