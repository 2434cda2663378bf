import { describe, expect, it } from 'vitest';
import { customerInvoiceStatus } from './billing.js';
import type { ContractSummary } from './devis-decider.js';
import { checkPaymentDay, paymentRule, paymentShares } from './invoice.js';

/**
 * C. conso. L221-10: « le professionnel ne peut recevoir aucun paiement ou aucune contrepartie, sous
 * quelque forme que ce soit, de la part du consommateur avant l'expiration d'un délai de sept jours à
 * compter de la conclusion du contrat hors établissement », except urgent work the consumer asked
 * for (L221-28 8°). Signed on day 0: the seven days are days 1 to 7, payment from day 8.
 */
const contract = (over: Partial<ContractSummary>): ContractSummary => ({
  number: 'DE-2026-000001',
  mode: 'hors_etablissement',
  signerName: 'Camille Durand',
  at: '2026-11-10',
  paymentBanUntil: '2026-11-17',
  urgentException: null,
  expressRequest: true,
  acknowledgement: true,
  ...over,
});

describe('when the law allows a payment (L221-10)', () => {
  it('off premises: refused through day 7, accepted from day 8, the message naming the first day', () => {
    const rule = paymentRule(contract({}), '2026-11-12');
    expect(rule).toEqual({ mode: 'hors_etablissement', allowedFrom: '2026-11-18', urgentException: null });
    const invoice = { paymentAllowedFrom: rule.allowedFrom, conclusionMode: rule.mode };
    for (const day of ['2026-11-10', '2026-11-13', '2026-11-17'])
      expect(() => checkPaymentDay(invoice, day)).toThrow('avant le 18/11/2026');
    expect(() => checkPaymentDay(invoice, '2026-11-18')).not.toThrow();
  });

  it('off premises with the urgent request recorded: no ban', () => {
    const rule = paymentRule(
      contract({ urgentException: 'Des rats dans la cuisine, venez vite.' }),
      '2026-11-11',
    );
    expect(rule.allowedFrom).toBeNull();
    expect(() =>
      checkPaymentDay({ paymentAllowedFrom: null, conclusionMode: rule.mode }, '2026-11-11'),
    ).not.toThrow();
  });

  it('at a distance: no ban', () => {
    expect(
      paymentRule(contract({ mode: 'a_distance', paymentBanUntil: null }), '2026-11-12').allowedFrom,
    ).toBeNull();
  });

  it('mode unknown: the strictest reading, as if signed off premises on the visit day, no exception', () => {
    const rule = paymentRule(null, '2026-11-12');
    expect(rule).toEqual({ mode: 'inconnu', allowedFrom: '2026-11-20', urgentException: null });
    expect(() =>
      checkPaymentDay({ paymentAllowedFrom: rule.allowedFrom, conclusionMode: rule.mode }, '2026-11-19'),
    ).toThrow('mode de conclusion');
  });
});

describe('a payment over several VAT rates', () => {
  it('is split in proportion, one share per rate, adding up to the amount', () => {
    const shares = paymentShares(
      [
        { rate: 10, totalInclCents: 23_111 },
        { rate: 20, totalInclCents: 3_600 },
      ],
      10_001,
    );
    expect(shares.map((s) => s.rate)).toEqual([10, 20]);
    expect(shares.reduce((s, x) => s + x.amountCents, 0)).toBe(10_001);
    expect(shares[0]!.vatCents).toBe(Math.round((shares[0]!.amountCents * 10) / 110));
  });
});

describe('the invoice as its customer reads it', () => {
  const invoice = { totalInclCents: 15000, paymentAllowedFrom: '2026-11-18' };
  it('is « À régler » from the first allowed day, named while it is still to come', () => {
    expect(customerInvoiceStatus(invoice, 0, '2026-11-17')).toEqual({
      paid: false,
      label: 'À régler à partir du 18/11/2026',
    });
    expect(customerInvoiceStatus(invoice, 0, '2026-11-18').label).toBe('À régler');
    expect(customerInvoiceStatus({ ...invoice, paymentAllowedFrom: null }, 0, '2026-11-12').label).toBe(
      'À régler',
    );
  });
  it('is « Payée » once received in full, not before', () => {
    expect(customerInvoiceStatus(invoice, 14999, '2026-11-20')).toEqual({ paid: false, label: 'À régler' });
    expect(customerInvoiceStatus(invoice, 15000, '2026-11-20')).toEqual({ paid: true, label: 'Payée' });
  });
});
