import type { SellerIdentityInput } from '../../src/domain/invoices/identity.js';
import type { OrderState } from '../../src/domain/orders/decider.js';
import { EMPTY_LEDGER, type Ledger } from '../../src/domain/orders/money.js';

/**
 * A complete Paramètres › Facturation identity (every mandatory mention filled), shared by the
 * invoice tests of every tier and bench:invoices.
 */
export const SELLER: SellerIdentityInput = {
  legalName: 'Hygiène Anti-nuisibles 27 SARL',
  legalForm: 'SARL',
  shareCapital: '10 000 €',
  address: '4 rue de la Harpe',
  zipCode: '27000',
  city: 'Évreux',
  siren: '732 829 320',
  siret: '73282932000074',
  registry: 'RCS Évreux 732 829 320',
  vatNumber: 'FR44732829320',
  vatExempt: false,
  invoicePrefix: 'FA',
  creditNotePrefix: 'AV',
};

/** The shop's contact facts an invoice prints beside the seller. */
export const SHOP_FACTS = { name: 'Hygiène - Anti-nuisibles 27', email: 'contact@example.fr', phone: '' };

/** A ledger paid in full by one card payment of `cents` on 20/11/2026. */
export const paidLedger = (cents: number): Ledger => ({
  ...EMPTY_LEDGER,
  payments: [
    {
      paymentId: 'p1',
      amountCents: cents,
      method: 'card',
      day: '2026-11-20',
      reference: null,
      at: '2026-11-20T10:05:00.000Z',
      by: null,
      cancelledBy: null,
      legacy: false,
    },
  ],
});

/**
 * A paid order to invoice: 3 × 12,90 € + 34,90 € + 5,99 € delivery = 79,59 € with 20 % VAT
 * included (13,27 €). `overrides` change any field (lines, business buyer, VAT exemption…).
 */
export function invoiceOrder(overrides: Partial<OrderState> = {}): OrderState {
  return {
    id: 'o1',
    version: 2,
    orderNumber: 'CMD-2026-000042',
    customerId: null,
    customer: {
      firstName: 'Marie',
      lastName: 'Lefèvre',
      email: 'm@example.fr',
      phone: '+33611223344',
      address: '12 rue des Tilleuls',
      city: 'Évreux',
      zipCode: '27000',
    },
    deliveryMethod: 'delivery',
    lines: [
      {
        itemId: 'i1',
        productId: 'p1',
        title: 'Piège',
        image: null,
        quantity: 3,
        unitPriceCents: 1290,
        totalPriceCents: 3870,
        stockTracked: true,
      },
      {
        itemId: 'i2',
        productId: 'p2',
        title: 'Raticide',
        image: null,
        quantity: 1,
        unitPriceCents: 3490,
        totalPriceCents: 3490,
        stockTracked: true,
      },
    ],
    subtotalCents: 7360,
    shippingCostCents: 599,
    taxCents: 1327,
    totalAmountCents: 7959,
    notes: null,
    status: 'pending',
    paymentStatus: 'paid',
    ledger: paidLedger(7959),
    paidCents: 7959,
    refundedCents: 0,
    deliveredAt: null,
    withdrawal: null,
    taxRate: 20,
    deleted: false,
    deletedReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } as OrderState;
}
