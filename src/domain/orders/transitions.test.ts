import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './status.js';
import { allowedTargets, statusTransition, stockMoveOf } from './transitions.js';

/** The table as a reader sees it: « from → to: allowed / reason / stock ». */
function table() {
  const rows: string[] = [];
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      if (from === to) continue;
      const rule = statusTransition(from, to);
      rows.push(
        rule.allowed
          ? `${from} → ${to}${rule.needsReason ? ' (motif)' : ''}${rule.stock ? ` [stock ${rule.stock}]` : ''}`
          : `${from} ✗ ${to}`,
      );
    }
  }
  return rows;
}

describe('the order status transition table', () => {
  it('lets an order move forward freely, skipping steps, and cancels it before delivery with its stock back', () => {
    const rows = table();
    for (const row of [
      'pending → confirmed',
      'pending → delivered',
      'confirmed → shipped',
      'shipped → delivered',
      'pending → cancelled [stock return]',
      'shipped → cancelled [stock return]',
    ]) {
      expect(rows).toContain(row);
    }
  });

  it('asks a reason to go back (a correction) and to reopen a cancelled order, which takes the stock again', () => {
    const rows = table();
    for (const row of [
      'delivered → pending (motif)',
      'shipped → processing (motif)',
      'cancelled → pending (motif) [stock take]',
    ]) {
      expect(rows).toContain(row);
    }
  });

  it('refuses to cancel a delivered order and to reopen a cancelled one anywhere but pending, in French', () => {
    expect(statusTransition('delivered', 'cancelled')).toEqual({
      allowed: false,
      message: 'Une commande « Livrée » ne peut pas passer à « Annulée ».',
    });
    for (const to of ['confirmed', 'processing', 'shipped', 'delivered'] as OrderStatus[]) {
      expect(statusTransition('cancelled', to).allowed, to).toBe(false);
    }
  });

  it('offers an inline select only the allowed targets, the current status first', () => {
    expect(allowedTargets('cancelled')).toEqual(['cancelled', 'pending']);
    expect(allowedTargets('delivered')).toEqual([
      'delivered',
      'pending',
      'confirmed',
      'processing',
      'shipped',
    ]);
    expect(allowedTargets('pending')).toEqual(['pending', ...ORDER_STATUSES.filter((s) => s !== 'pending')]);
  });

  it('moves stock on entering or leaving "Annulée" only, recorded events included', () => {
    expect(stockMoveOf('shipped', 'cancelled')).toBe('return');
    expect(stockMoveOf('cancelled', 'pending')).toBe('take');
    // An event of an older rule (cancelled → shipped) still takes the stock back when replayed.
    expect(stockMoveOf('cancelled', 'shipped')).toBe('take');
    expect(stockMoveOf('pending', 'delivered')).toBeNull();
    expect(stockMoveOf('cancelled', 'cancelled')).toBeNull();
  });
});
