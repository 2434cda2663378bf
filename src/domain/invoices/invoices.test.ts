import { describe, expect, it } from 'vitest';
import { invoiceOrder, SELLER, SHOP_FACTS } from '../../../tests/support/invoices.js';
import { EMPTY_LEDGER } from '../orders/money.js';
import { businessCustomerSchema, businessFormSchema } from './business.js';
import {
  buildCreditNote,
  buildInvoice,
  documentNumber,
  documentProblems,
  type IssuedRef,
  mandatoryMentions,
} from './document.js';
import { FACTURX_PROFILE, facturXml } from './factur-x.js';
import {
  EMPTY_IDENTITY,
  isSiren,
  missingIdentityFields,
  missingIdentityMessage,
  type SellerIdentity,
  sellerIdentitySchema,
  VAT_EXEMPT_MENTION,
} from './identity.js';

const identity: SellerIdentity = sellerIdentitySchema.parse(SELLER);
const shop = SHOP_FACTS;

const order = invoiceOrder();

const numbered = (series: string, sequence: number, issuedAt = '2026-11-25T10:00:00.000Z') => ({
  series,
  sequence,
  number: documentNumber(series, sequence),
  issuedAt,
});

describe('seller identity (CGI art. 242 nonies A; C. com. R123-237)', () => {
  it('names every missing mandatory mention, in French', () => {
    const missing = missingIdentityFields(EMPTY_IDENTITY);
    expect(missing).toEqual([
      'legalName',
      'legalForm',
      'address',
      'zipCode',
      'city',
      'siren',
      'registry',
      'vatNumber',
    ]);
    expect(missingIdentityMessage(missing)).toContain('Raison sociale, Forme juridique');
    expect(missingIdentityFields(identity)).toEqual([]);
  });
  it('asks a company for its share capital, and takes the art. 293 B mention instead of a VAT number', () => {
    expect(missingIdentityFields({ ...identity, shareCapital: '' })).toEqual(['shareCapital']);
    expect(missingIdentityFields({ ...identity, legalForm: 'EI', shareCapital: '' })).toEqual([]);
    expect(missingIdentityFields({ ...identity, vatNumber: '', vatExempt: true })).toEqual([]);
  });
  it('checks SIREN (Luhn), SIRET and VAT formats', () => {
    expect(isSiren('732829320')).toBe(true);
    expect(isSiren('732829321')).toBe(false);
    expect(sellerIdentitySchema.safeParse({ siren: '123456789' }).error?.issues[0]?.message).toBe(
      'Le SIREN doit contenir 9 chiffres valides',
    );
    expect(sellerIdentitySchema.safeParse({ vatNumber: 'FR123' }).success).toBe(false);
    // Issue 35: a 4-digit postcode was kept and printed; five digits, or blank while unknown.
    expect(sellerIdentitySchema.safeParse({ zipCode: '2700' }).error?.issues[0]?.message).toBe(
      'Le code postal doit contenir 5 chiffres',
    );
    expect(sellerIdentitySchema.safeParse({ zipCode: '27000' }).success).toBe(true);
    expect(sellerIdentitySchema.safeParse({ zipCode: '' }).success).toBe(true);
    expect(sellerIdentitySchema.safeParse({ invoicePrefix: 'FA', creditNotePrefix: 'FA' }).success).toBe(
      false,
    );
  });
});

describe('business customers', () => {
  it('requires the company name and a valid SIREN; the VAT number is optional', () => {
    expect(businessCustomerSchema.parse({ companyName: 'Mairie', siren: '217 802 719' })).toEqual({
      companyName: 'Mairie',
      siren: '217802719',
      vatNumber: '',
    });
    expect(businessCustomerSchema.safeParse({ companyName: '', siren: '217802719' }).success).toBe(false);
    const form = businessFormSchema.safeParse({ isBusiness: true, companyName: 'X', siren: '1' });
    expect(form.error?.issues.map((i) => i.path[0])).toEqual(['siren']);
    expect(businessFormSchema.safeParse({ isBusiness: false, siren: '1' }).success).toBe(true);
  });
});

describe('invoice snapshot', () => {
  const invoice = buildInvoice({
    order,
    identity,
    shop,
    numbered: numbered('FA-2026', 1),
  });
  it('totals per rate add up to what the customer paid; lines add up to the base (EN 16931 BR-S-08)', () => {
    expect(invoice.totalInclCents).toBe(order.totalAmountCents);
    expect(invoice.vat).toEqual([{ rate: 20, baseCents: 6632, vatCents: 1327, totalInclCents: 7959 }]);
    expect(invoice.lines.reduce((s, l) => s + l.totalExclCents, 0)).toBe(6632);
    expect(invoice.lines.at(-1)?.description).toBe('Frais de livraison');
  });
  it('prints the business mentions only for a business buyer (C. com. L441-10, D441-5)', () => {
    expect(mandatoryMentions(invoice).join('\n')).not.toContain('40 €');
    const b2b = buildInvoice({
      order: {
        ...order,
        ledger: EMPTY_LEDGER,
        business: { companyName: 'Camping', siren: '552100554', vatNumber: '' },
      },
      identity,
      shop,
      numbered: numbered('FA-2026', 2),
    });
    expect(mandatoryMentions(b2b).join('\n')).toContain(
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
    );
    expect(mandatoryMentions(b2b)).toContain('SIREN 552100554');
  });
  it('a franchise en base seller charges no VAT and prints art. 293 B', () => {
    const exempt = buildInvoice({
      order,
      identity: { ...identity, vatExempt: true },
      shop,
      numbered: numbered('FA-2026', 3),
    });
    expect(exempt.totalVatCents).toBe(0);
    expect(mandatoryMentions(exempt)).toContain(VAT_EXEMPT_MENTION);
  });

  it('a credit note cites its invoice and never credits more than remains', () => {
    const note = buildCreditNote({
      orderId: invoice.orderId,
      invoice,
      identity,
      shop,
      numbered: numbered('AV-2026', 1),
      creditedCents: 0,
      request: { lines: [{ index: 0, quantity: 1 }], reason: 'Retour' },
    });
    expect(note.cites).toEqual({ number: 'FA-2026-000001', issuedAt: invoice.issuedAt });
    expect(note.totalInclCents).toBe(1290);
    expect(() =>
      buildCreditNote({
        orderId: order.id,
        invoice,
        identity,
        shop,
        numbered: numbered('AV-2026', 2),
        creditedCents: 7000,
        request: { amountCents: 1000, reason: 'x' },
      }),
    ).toThrow(/dépasserait/);
    const rest = buildCreditNote({
      orderId: order.id,
      invoice,
      identity,
      shop,
      numbered: numbered('AV-2026', 2),
      creditedCents: 1290,
      request: { reason: 'Annulation' },
    });
    expect(rest.totalInclCents).toBe(7959 - 1290);
  });

  it('the Factur-X XML carries the EN 16931 content (its XSD check: src/server/invoices/factur-x-schema.test.ts)', () => {
    const xml = facturXml(invoice);
    expect(xml).toContain(`<ram:ID>${FACTURX_PROFILE}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<udt:DateTimeString format="102">20261125</udt:DateTimeString>');
    expect(xml).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR44732829320</ram:ID>');
    expect(xml).toContain('<ram:GrandTotalAmount>79.59</ram:GrandTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">13.27</ram:TaxTotalAmount>');
    expect(xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(3);
    // Sequence of the header settlement's children as the CII D16B schema orders them.
    const order = [
      'InvoiceCurrencyCode',
      'ApplicableTradeTax',
      'SpecifiedTradePaymentTerms',
      'SpecifiedTradeSettlementHeaderMonetarySummation',
    ];
    const positions = order.map((tag) =>
      xml.indexOf(`<ram:${tag}`, xml.indexOf('<ram:ApplicableHeaderTradeSettlement>')),
    );
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Balanced tags.
    const opened = [...xml.matchAll(/<(rsm|ram|udt|qdt):(\w+)[ >]/g)].length;
    const closed = [...xml.matchAll(/<\/(rsm|ram|udt|qdt):(\w+)>/g)].length;
    expect(opened).toBe(closed);
    const note = buildCreditNote({
      orderId: invoice.orderId,
      invoice,
      identity,
      shop,
      numbered: numbered('AV-2026', 1),
      creditedCents: 0,
      request: { reason: 'x' },
    });
    expect(facturXml(note)).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>FA-2026-000001</ram:IssuerAssignedID>',
    );
  });
});

describe('gapless, chronological series (CGI art. 289 I 5)', () => {
  const ref = (
    series: string,
    sequence: number,
    issuedAt: string,
    extra: Partial<IssuedRef> = {},
  ): IssuedRef => ({
    kind: 'invoice',
    series,
    sequence,
    number: documentNumber(series, sequence),
    issuedAt,
    orderId: `o${sequence}`,
    cites: null,
    ...extra,
  });
  it('accepts 1, 2, 3 per series and finds a gap, a repeat, a date out of order, a bad citation', () => {
    expect(
      documentProblems([ref('FA-2026', 1, 'a'), ref('FA-2026', 2, 'b'), ref('FA-2027', 1, 'c')]),
    ).toEqual([]);
    expect(documentProblems([ref('FA-2026', 1, 'a'), ref('FA-2026', 3, 'b')])[0]).toMatch(
      /jumps from 1 to 3/,
    );
    expect(documentProblems([ref('FA-2026', 1, 'a'), ref('FA-2026', 1, 'b')])[0]).toMatch(/used again/);
    expect(documentProblems([ref('FA-2026', 1, 'b'), ref('FA-2026', 2, 'a')])[0]).toMatch(
      /not chronological/,
    );
    const note = ref('AV-2026', 1, 'c', {
      kind: 'credit_note',
      orderId: 'o1',
      cites: { number: 'FA-2026-000009', issuedAt: 'a' },
    });
    expect(documentProblems([ref('FA-2026', 1, 'a'), note])[0]).toMatch(/cites no earlier invoice/);
  });
});
