/**
 * A yearly contract's invoice for one billing period (docs/decisions/044-yearly-contracts.md): one
 * line, the period's share of the yearly price before VAT at the contract's rate, due in 30 days.
 * The same document snapshot as every invoice (FA series, PDF and Factur-X writer), its source the
 * contract (`contract` set, `orderNumber` the contract's number).
 */

import { addDays } from '../dashboard/periods.js';
import { VAT_CERTIFICATION_WORDING } from '../interventions/devis.js';
import {
  type DocumentSnapshot,
  dueTerms,
  type Numbered,
  PAYMENT_DUE_DAYS,
  type ShopContact,
  sellerSnapshot,
} from '../invoices/document.js';
import type { SellerIdentity } from '../invoices/identity.js';
import { frenchDay } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';
import { BILLING_RHYTHM_LABELS } from './calendar.js';
import { CONTRACT_PEST_LABELS } from './contract.js';
import type { ContractState, DuePeriod } from './decider.js';

export interface ContractInvoiceInput {
  contract: ContractState;
  period: DuePeriod;
  site: { street: string; zipCode: string; city: string };
  identity: SellerIdentity;
  shop: ShopContact;
  numbered: Numbered;
}

/** The line's wording: the contract, its scope and the period. */
export const contractLineDescription = (c: ContractState, p: DuePeriod) =>
  `Contrat ${c.number} – ${c.visitsPerYear} visite${c.visitsPerYear > 1 ? 's' : ''} par an (${c.pests
    .map((p) => CONTRACT_PEST_LABELS[p])
    .join(
      ', ',
    )}) – facturation ${BILLING_RHYTHM_LABELS[c.billingRhythm].toLowerCase()}, du ${frenchDay(p.from)} au ${frenchDay(p.to)}`;

export function buildContractInvoice(input: ContractInvoiceInput): DocumentSnapshot {
  const { contract: c, period: p } = input;
  const vatRate = input.identity.vatExempt ? 0 : c.vatRate;
  const vatCents = Math.round((p.amountExclCents * vatRate) / 100);
  const totalInclCents = p.amountExclCents + vatCents;
  const issueDay = parisDay(new Date(input.numbered.issuedAt));
  const dueDate = addDays(issueDay, PAYMENT_DUE_DAYS);
  const cu = c.customer;
  const business = c.customerKind === 'professionnel' && cu.companyName && cu.siren;
  return {
    kind: 'invoice',
    ...input.numbered,
    orderId: c.id,
    orderNumber: c.number,
    saleDate: c.signedAt,
    intervention: null,
    contract: {
      yearIndex: p.yearIndex,
      periodIndex: p.index,
      periodFrom: p.from,
      periodTo: p.to,
      siteAddress: { line: input.site.street, zipCode: input.site.zipCode, city: input.site.city },
      vatCertification: vatRate === 10 ? VAT_CERTIFICATION_WORDING : null,
    },
    seller: sellerSnapshot(input.identity, input.shop),
    customer: {
      name: cu.name,
      email: cu.email,
      billingAddress: cu.street ? { line: cu.street, zipCode: cu.zipCode, city: cu.city } : null,
      deliveryAddress: null,
      business: business ? { companyName: cu.companyName, siren: cu.siren, vatNumber: '' } : null,
    },
    operationCategory: 'services',
    lines: [
      {
        description: contractLineDescription(c, p),
        quantity: 1,
        unitPriceExclCents: p.amountExclCents,
        discountCents: 0,
        vatRate,
        totalExclCents: p.amountExclCents,
        totalInclCents,
        sources: [],
      },
    ],
    vat: [{ rate: vatRate, baseCents: p.amountExclCents, vatCents, totalInclCents }],
    totalExclCents: p.amountExclCents,
    totalVatCents: vatCents,
    totalInclCents,
    paymentTerms: dueTerms(dueDate),
    paidAt: null,
    paymentMethods: [],
    prepaidCents: 0,
    dueDate,
    deliveryDate: null,
    cites: null,
    reason: null,
  };
}
