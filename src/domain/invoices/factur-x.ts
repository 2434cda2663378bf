import { decimalEuros } from '../catalog/pricing.js';
import {
  type DocumentSnapshot,
  documentDate,
  LATE_PENALTY_MENTION,
  NO_EARLY_DISCOUNT_MENTION,
  netUnitPrice,
  RECOVERY_FEE_MENTION,
} from './document.js';
import { VAT_EXEMPT_MENTION } from './identity.js';

/**
 * The Factur-X XML (UN/CEFACT CII D16B, profile EN 16931) of an invoice or credit note, built from
 * its snapshot alone, so that it is the same on every render. Embedded in the PDF/A-3 as
 * factur-x.xml (AFRelationship Data), where an approved platform (PA) reads it.
 */

export const FACTURX_FILENAME = 'factur-x.xml';
export const FACTURX_PROFILE = 'urn:cen.eu:en16931:2017';

/**
 * Characters XML 1.0 cannot carry (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F):
 * dropped, so the XML is well formed whatever a stored snapshot holds. Text is cleaned at the input
 * boundary (domain/common/text.ts); this guards documents issued from older data.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to match them
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const esc = (v: string) =>
  v
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const day102 = (iso: string) => documentDate(iso).split('/').reverse().join('');
const rate = (r: number) => (Number.isInteger(r) ? String(r) : r.toFixed(2));

/** EN 16931 VAT category: S (standard or reduced rate), E (exempt, with its reason), Z (zero). */
function category(doc: DocumentSnapshot, r: number) {
  if (doc.seller.vatExempt) return { code: 'E', reason: VAT_EXEMPT_MENTION };
  return { code: r === 0 ? 'Z' : 'S', reason: null };
}

function address(a: { line: string; zipCode: string; city: string } | null) {
  if (!a) return '<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>';
  return `<ram:PostalTradeAddress><ram:PostcodeCode>${esc(a.zipCode)}</ram:PostcodeCode><ram:LineOne>${esc(
    a.line,
  )}</ram:LineOne><ram:CityName>${esc(a.city)}</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>`;
}

export function facturXml(doc: DocumentSnapshot): string {
  const s = doc.seller;
  const buyer = doc.customer;
  const lines = doc.lines
    .map((l, i) => {
      const c = category(doc, l.vatRate);
      return [
        '<ram:IncludedSupplyChainTradeLineItem>',
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
        `<ram:SpecifiedTradeProduct><ram:Name>${esc(l.description)}</ram:Name></ram:SpecifiedTradeProduct>`,
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${netUnitPrice(l)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
        '<ram:SpecifiedLineTradeSettlement>',
        `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${c.code}</ram:CategoryCode><ram:RateApplicablePercent>${rate(l.vatRate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
        `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${decimalEuros(l.totalExclCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
        '</ram:SpecifiedLineTradeSettlement>',
        '</ram:IncludedSupplyChainTradeLineItem>',
      ].join('');
    })
    .join('\n');
  const taxes = doc.vat
    .map((v) => {
      const c = category(doc, v.rate);
      return `<ram:ApplicableTradeTax><ram:CalculatedAmount>${decimalEuros(v.vatCents)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>${
        c.reason ? `<ram:ExemptionReason>${esc(c.reason)}</ram:ExemptionReason>` : ''
      }<ram:BasisAmount>${decimalEuros(v.baseCents)}</ram:BasisAmount><ram:CategoryCode>${c.code}</ram:CategoryCode>${
        c.code === 'E' ? '<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>' : ''
      }<ram:RateApplicablePercent>${rate(v.rate)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;
    })
    .join('');
  const buyerSiren = buyer.business
    ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${esc(buyer.business.siren)}</ram:ID></ram:SpecifiedLegalOrganization>`
    : '';
  const buyerVat = buyer.business?.vatNumber
    ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${esc(buyer.business.vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
    : '';
  // A seller under the franchise en base has no VAT number to give: its tax registration is its
  // SIREN (scheme FC), which EN 16931 BR-E-02 asks of an invoice with exempt lines (BT-32).
  const sellerVat = s.vatNumber
    ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${esc(s.vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
    : s.vatExempt
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${esc(s.siren)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '';
  // Electronic addresses (BT-34, BT-49; BR-FR-12, BR-FR-13): a company's is its SIREN in the
  // French directory (scheme 0225, BR-FR-21); a private buyer's is the email the order gave (EM).
  const sellerUri = `<ram:URIUniversalCommunication><ram:URIID schemeID="0225">${esc(s.siren)}</ram:URIID></ram:URIUniversalCommunication>`;
  const buyerUri = buyer.business
    ? `<ram:URIUniversalCommunication><ram:URIID schemeID="0225">${esc(buyer.business.siren)}</ram:URIID></ram:URIUniversalCommunication>`
    : buyer.email
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${esc(buyer.email)}</ram:URIID></ram:URIUniversalCommunication>`
      : '';
  // The legal mentions as notes with their subject codes (BR-FR-05): late penalties (PMD) and the
  // 40 € recovery fee (PMT), due to business buyers, and the discount terms (AAB) on every document.
  const note = (content: string, code: string) =>
    `<ram:IncludedNote><ram:Content>${esc(content)}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`;
  const prepaid = doc.prepaidCents ?? (doc.paidAt ? doc.totalInclCents : 0);
  const due = doc.totalInclCents - prepaid;
  // Billing mode (BT-23, BR-FR-08): goods (B), services (S: an intervention), both (M); 2 an
  // invoice already paid, 1 otherwise.
  const family = { goods: 'B', services: 'S', both: 'M' }[doc.operationCategory];
  const billingMode = `${family}${doc.kind === 'invoice' && due === 0 && doc.paidAt ? '2' : '1'}`;
  // Due date (BT-9): the day printed on an unpaid invoice; on one already paid (B2), the day it
  // was paid (BR-FR-CO-09).
  const dueDay = doc.dueDate
    ? doc.dueDate.replace(/-/g, '')
    : billingMode === 'B2' && doc.paidAt
      ? day102(doc.paidAt)
      : null;
  const cites = doc.cites
    ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${esc(doc.cites.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${day102(doc.cites.issuedAt)}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
    : '';
  const sellerNote = [
    s.legalForm && `${s.legalForm}${s.shareCapital ? ` au capital de ${s.shareCapital}` : ''}`,
    s.registry,
    s.vatExempt ? VAT_EXEMPT_MENTION : '',
  ]
    .filter(Boolean)
    .join(' – ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${billingMode}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${FACTURX_PROFILE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${esc(doc.number)}</ram:ID><ram:TypeCode>${doc.kind === 'invoice' ? '380' : '381'}</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">${day102(doc.issuedAt)}</udt:DateTimeString></ram:IssueDateTime>${
    sellerNote ? note(sellerNote, 'REG') : ''
  }${buyer.business ? note(LATE_PENALTY_MENTION, 'PMD') + note(RECOVERY_FEE_MENTION, 'PMT') : ''}${note(
    NO_EARLY_DISCOUNT_MENTION,
    'AAB',
  )}</rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${lines}
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>${esc(s.legalName)}</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${esc(s.siren)}</ram:ID>${
    s.tradeName ? `<ram:TradingBusinessName>${esc(s.tradeName)}</ram:TradingBusinessName>` : ''
  }</ram:SpecifiedLegalOrganization>${address(s.address)}${sellerUri}${sellerVat}</ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>${esc(
    buyer.business?.companyName ?? buyer.name,
  )}</ram:Name>${buyerSiren}${address(buyer.billingAddress)}${buyerUri}${buyerVat}</ram:BuyerTradeParty>${
    doc.intervention || doc.contract
      ? // An intervention: the accepted devis is the contract (BT-12); a yearly contract: its number.
        `<ram:ContractReferencedDocument><ram:IssuerAssignedID>${esc(doc.intervention?.devisNumber ?? doc.orderNumber)}</ram:IssuerAssignedID></ram:ContractReferencedDocument>`
      : `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${esc(doc.orderNumber)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`
  }</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery>${
    doc.deliveryDate
      ? `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">${day102(doc.deliveryDate)}</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`
      : ''
  }</ram:ApplicableHeaderTradeDelivery>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${taxes}${
    doc.contract
      ? // The billed period of a contract (BT-73, BT-74).
        `<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">${doc.contract.periodFrom.replace(/-/g, '')}</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">${doc.contract.periodTo.replace(/-/g, '')}</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>`
      : ''
  }<ram:SpecifiedTradePaymentTerms><ram:Description>${esc(doc.paymentTerms)}</ram:Description>${
    dueDay
      ? `<ram:DueDateDateTime><udt:DateTimeString format="102">${dueDay}</udt:DateTimeString></ram:DueDateDateTime>`
      : ''
  }</ram:SpecifiedTradePaymentTerms><ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${decimalEuros(
    doc.totalExclCents,
  )}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${decimalEuros(doc.totalExclCents)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${decimalEuros(
    doc.totalVatCents,
  )}</ram:TaxTotalAmount><ram:GrandTotalAmount>${decimalEuros(doc.totalInclCents)}</ram:GrandTotalAmount><ram:TotalPrepaidAmount>${decimalEuros(
    prepaid,
  )}</ram:TotalPrepaidAmount><ram:DuePayableAmount>${decimalEuros(due)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>${cites}</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}
