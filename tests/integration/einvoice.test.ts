/*
 * Every invoice and credit note the shop can produce, rendered by the project's own builder, run
 * through the official e-invoicing rules (tests/einvoice/README.md): the CEN EN 16931 CII
 * schematron and the Factur-X 1.09 EN 16931 one on every document, the French BR-FR rules on the
 * business ones (a consumer sale is e-reported, not exchanged through a platform). A fatal assert
 * fails the test; the last case checks that a broken total does fail (BR-CO-15).
 * No database: the builder is pure; the documents the shop stores are checked in invoices.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contractInputSchema } from '../../src/domain/contracts/contract.js';
import {
  type ContractState,
  decide,
  evolve,
  periodsOf,
  refundsOwed,
} from '../../src/domain/contracts/decider.js';
import { buildContractInvoice } from '../../src/domain/contracts/invoice.js';
import {
  buildCreditNote,
  buildInvoice,
  type CreditRequest,
  type DocumentSnapshot,
  documentNumber,
  refundCreditRequest,
} from '../../src/domain/invoices/document.js';
import { facturXml } from '../../src/domain/invoices/factur-x.js';
import { type SellerIdentity, sellerIdentitySchema } from '../../src/domain/invoices/identity.js';
import type { OrderState } from '../../src/domain/orders/decider.js';
import { EMPTY_LEDGER, type Ledger, type LedgerRefund } from '../../src/domain/orders/money.js';
import {
  compileSets,
  type EinvoiceSet,
  einvoiceFailures,
  formatFailures,
  isFatal,
} from '../support/einvoice.js';
import { invoiceOrder, paidLedger, SELLER, SHOP_FACTS } from '../support/invoices.js';

const identity: SellerIdentity = sellerIdentitySchema.parse(SELLER);
const franchise: SellerIdentity = {
  ...identity,
  legalForm: 'EI',
  shareCapital: '',
  vatNumber: '',
  vatExempt: true,
};
const business = { companyName: 'Camping des Pommiers', siren: '552100554', vatNumber: 'FR40552100554' };

let sequence = 0;
const numbered = (prefix: 'FA' | 'AV') => {
  sequence += 1;
  const series = `${prefix}-2026`;
  return { series, sequence, number: documentNumber(series, sequence), issuedAt: '2026-11-25T10:00:00.000Z' };
};

/** An order at `rate` % VAT: 3 × `unit` + 34,90 € (+ 5,99 € delivery), its VAT included. */
function orderAt(rate: number, overrides: Partial<OrderState> & { unit?: number } = {}): OrderState {
  const { unit = 1290, ...rest } = overrides;
  const shipping = rest.shippingCostCents ?? 599;
  const subtotal = 3 * unit + 3490;
  const total = subtotal + shipping;
  const base = invoiceOrder();
  return invoiceOrder({
    lines: [{ ...base.lines[0]!, unitPriceCents: unit, totalPriceCents: 3 * unit }, { ...base.lines[1]! }],
    subtotalCents: subtotal,
    shippingCostCents: shipping,
    taxCents: Math.round((total * rate) / (100 + rate)),
    totalAmountCents: total,
    taxRate: rate,
    paidCents: total,
    ledger: paidLedger(total),
    deliveredAt: '2026-11-23T15:00:00.000Z',
    ...rest,
  });
}

const refund = (r: Partial<LedgerRefund>): LedgerRefund => ({
  refundId: 'r1',
  amountCents: 0,
  method: 'cheque',
  day: '2026-11-26',
  lines: [],
  shippingCents: 0,
  extraCents: 0,
  reason: 'returned',
  note: null,
  restock: true,
  at: '2026-11-26T09:00:00.000Z',
  by: null,
  legacy: false,
  ...r,
});

const cashAndCheque = (total: number): Ledger => ({
  ...EMPTY_LEDGER,
  payments: [
    { ...paidLedger(1000).payments[0]!, paymentId: 'p1', method: 'cash' },
    {
      ...paidLedger(total - 1000).payments[0]!,
      paymentId: 'p2',
      method: 'cheque',
      day: '2026-11-21',
      at: '2026-11-21T09:00:00.000Z',
    },
  ],
});

interface Case {
  name: string;
  doc: DocumentSnapshot;
  business: boolean;
}

const cases: Case[] = [];
const invoice = (name: string, order: OrderState, seller = identity) => {
  const doc = buildInvoice({ order, identity: seller, shop: SHOP_FACTS, numbered: numbered('FA') });
  cases.push({ name, doc, business: Boolean(order.business) });
  return doc;
};
const credit = (
  name: string,
  of: DocumentSnapshot,
  request: CreditRequest,
  seller = identity,
  creditedCents = 0,
) =>
  cases.push({
    name,
    doc: buildCreditNote({
      orderId: of.orderId,
      invoice: of,
      identity: seller,
      shop: SHOP_FACTS,
      numbered: numbered('AV'),
      creditedCents,
      request,
    }),
    business: Boolean(of.customer.business),
  });

// Private buyers: paid at 20 %, unpaid at 10 %, partly paid at 5,5 %, a unit price that does not
// divide (3 × 8,3233 € HT), 2,1 %.
const privatePaid = invoice('private buyer, paid, 20 %', orderAt(20));
invoice(
  'private buyer, unpaid, 10 %, not delivered',
  orderAt(10, { ledger: EMPTY_LEDGER, deliveredAt: null }),
);
invoice('private buyer, partly paid, 5,5 %', orderAt(5.5, { ledger: paidLedger(2000) }));
invoice('private buyer, unit price 9,99 € TTC × 3', orderAt(20, { unit: 999 }));
invoice('private buyer, 2,1 %, free delivery', orderAt(2.1, { shippingCostCents: 0 }));
// Business buyers.
const businessPaid = invoice(
  'business buyer, paid by cash and cheque',
  orderAt(20, { business, ledger: cashAndCheque(3 * 1290 + 3490 + 599) }),
);
const businessUnpaid = invoice(
  'business buyer without VAT number, unpaid',
  orderAt(20, { business: { ...business, vatNumber: '' }, ledger: EMPTY_LEDGER }),
);
// A seller under the franchise en base (art. 293 B): no VAT, its SIREN as tax registration.
const franchisePrivate = invoice('franchise seller, private buyer, paid', orderAt(20), franchise);
const franchiseBusiness = invoice(
  'franchise seller, business buyer, unpaid',
  orderAt(20, { business, ledger: EMPTY_LEDGER }),
  franchise,
);
// A phone order (« Nouvelle commande »): a business at the counter, no address, no delivery.
invoice(
  'phone order, business buyer, pickup, cash and cheque',
  orderAt(20, {
    business,
    customerId: null,
    deliveryMethod: 'pickup',
    shippingCostCents: 0,
    customer: {
      firstName: 'Paul',
      lastName: 'Martin',
      email: '',
      phone: '0232000000',
      address: '',
      city: '',
      zipCode: '',
    },
    ledger: cashAndCheque(3 * 1290 + 3490),
  }),
);
// Credit notes: by lines (two units, the delivery and a gesture, from a refund), by amount, a
// cancellation of everything, and a franchise seller's.
const refundedOrder = orderAt(20, { business });
credit(
  'credit note by lines (business)',
  businessPaid,
  refundCreditRequest(
    refundedOrder,
    refund({
      amountCents: 2 * 1290 + 599 + 300,
      lines: [{ itemId: 'i1', quantity: 2, amountCents: 2 * 1290 }],
      shippingCents: 599,
      extraCents: 300,
      note: 'Pièges abîmés',
    }),
  ),
);
credit('credit note by amount (private)', privatePaid, { amountCents: 1000, reason: 'Geste commercial' });
credit('credit note cancelling an unpaid business invoice', businessUnpaid, {
  reason: 'Annulation de la commande',
});
credit(
  'credit note of a franchise seller (business)',
  franchiseBusiness,
  { reason: 'Annulation' },
  franchise,
);
credit('credit note of a franchise seller (private, by lines)', franchisePrivate, {
  lines: [{ index: 1, quantity: 1 }],
  reason: 'Retour de marchandise',
});

// Yearly contracts (ADR 044): a quarter's invoice, to a private buyer (10 %, a dwelling) and to a
// business (a restaurant, 20 %).
const contractQuarter = (name: string, over: Record<string, unknown>, vatRate: number) => {
  const input = contractInputSchema.parse({
    siteId: '0b6f3a38-3c1e-4a43-9d6b-0c2a1f1f1f1f',
    customer: {
      name: 'Claire Martin',
      email: 'claire@example.fr',
      street: '3 rue des Lilas',
      zipCode: '27000',
      city: 'Évreux',
    },
    customerKind: 'particulier',
    conclusionMode: 'a_distance',
    signedOnline: true,
    pests: ['rongeurs'],
    visitsPerYear: 6,
    yearlyPriceExclCents: 120_001,
    billingRhythm: 'quarterly',
    startDate: '2026-10-01',
    termMonths: 12,
    tacitRenewal: true,
    noticeMonths: 1,
    ...over,
  });
  const [signed] = decide(
    { type: 'Sign', input, number: 'CT-2026-000001', vatRate, consumerRules: true },
    null,
  );
  const contract = evolve(null, signed!, {
    streamId: 'c0ffee00-0000-4000-8000-000000000001',
    version: 1,
    at: '2026-09-20T10:00:00.000Z',
  }) as ContractState;
  const doc = buildContractInvoice({
    contract,
    period: periodsOf(contract, '2026-12-31')[0]!,
    site: { street: '12 quai de Seine', zipCode: '27100', city: 'Val-de-Reuil' },
    identity,
    shop: SHOP_FACTS,
    numbered: numbered('FA'),
  });
  cases.push({ name, doc, business: Boolean(doc.customer.business) });
  return { contract, doc };
};
const household = contractQuarter('yearly contract, quarterly invoice, private buyer, 10 %', {}, 10);
// Its free termination (L215-1) on 10 November: the credit note of the quarter's days left.
const [owed] = refundsOwed({
  ...household.contract,
  billingRhythm: 'quarterly',
  invoices: [
    {
      number: household.doc.number,
      yearIndex: 0,
      periodIndex: 0,
      from: household.doc.contract!.periodFrom,
      to: household.doc.contract!.periodTo,
      totalInclCents: household.doc.totalInclCents,
      issuedAt: household.doc.issuedAt,
    },
  ],
  terminated: {
    by: 'customer',
    online: true,
    requestedOn: '2026-11-10',
    endsOn: '2026-11-10',
    free: true,
    reason: '',
  },
});
credit('yearly contract, credit note of a free termination, private buyer, 10 %', household.doc, {
  amountCents: owed!.amountCents,
  reason: 'Résiliation du contrat CT-2026-000001 au 10/11/2026 : période non couverte',
});
contractQuarter(
  'yearly contract, quarterly invoice, business buyer, 20 %',
  {
    customerKind: 'professionnel',
    customer: {
      name: 'Paul Martin',
      email: 'bistrot@example.fr',
      street: '12 quai de Seine',
      zipCode: '27100',
      city: 'Val-de-Reuil',
      companyName: business.companyName,
      siren: business.siren,
    },
    headcount: 12,
    withinMainActivity: false,
    conclusionMode: 'en_etablissement',
    signedOnline: false,
  },
  20,
);

const setsOf = (c: Case): EinvoiceSet[] =>
  c.business ? ['EN16931', 'FACTURX', 'BRFR'] : ['EN16931', 'FACTURX'];

describe('official e-invoicing rules on every document kind (EN 16931, Factur-X 1.09, BR-FR)', () => {
  beforeAll(async () => {
    await compileSets();
  }, 900_000);

  it.each(cases.map((c) => [c.name, c] as const))('%s: no fatal assert', (_name, c) => {
    const xml = facturXml(c.doc);
    const fatal = setsOf(c).flatMap((set) => einvoiceFailures(set, xml).filter(isFatal));
    expect(formatFailures(fatal)).toBe('');
  });

  it('a broken total fails (BR-CO-15: grand total = total without VAT + VAT)', () => {
    const xml = facturXml(privatePaid).replace(
      /<ram:GrandTotalAmount>[\d.]+<\/ram:GrandTotalAmount>/,
      '<ram:GrandTotalAmount>80.00</ram:GrandTotalAmount>',
    );
    const ids = einvoiceFailures('EN16931', xml)
      .filter(isFatal)
      .map((f) => f.id);
    expect(ids).toContain('BR-CO-15');
  });
});
