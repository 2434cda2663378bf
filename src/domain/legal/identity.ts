/**
 * The shop's identity as every page, legal text and mail shows it: read from the settings (Paramètres
 * › Général and › Mentions légales) and, for the legal entity (legal name, form, capital, SIREN/SIRET,
 * RCS or RM, VAT number), from the seller's identity that invoices print (Paramètres › Facturation):
 * one source for the legal notices, the footer and the invoices. `legalIdentity` is the one function
 * the legal notices and the CGV read.
 *
 * No zod here: the marketing pages import this file (docs/decisions/017-js-budget.md).
 */
import { normalizePhone } from '../common/phone.js';
import type { SellerIdentity } from '../invoices/identity.js';
import { BUSINESS } from '../site/business.js';

/** The franchise en base mention, printed instead of a VAT number (invoices and legal notices). */
export const VAT_EXEMPT_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** What identity needs from the settings (the public view carries the same fields). */
export interface IdentitySettings {
  shopName: string;
  shopEmail: string;
  shopPhone: string;
  shopAddress: string;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  hostPhone: string;
  mediatorName: string;
  mediatorAddress: string;
  mediatorWebsite: string;
}

export interface SiteIdentity {
  name: string;
  email: string;
  /** As typed in the settings; blank: no phone shown. */
  phone: string;
  /** tel: link of the phone, null without one. */
  phoneHref: string | null;
  /** One line; business.ts's street and city while the settings have none. */
  address: string;
}

/** The legal entity as Paramètres › Facturation holds it; '' where the owner has not filled it. */
export interface LegalEntity {
  legalName: string;
  legalForm: string;
  shareCapital: string;
  siren: string;
  siret: string;
  /** "RCS Évreux 123 456 789" or "RM 27". */
  registry: string;
  /** The VAT number, or VAT_EXEMPT_MENTION for a franchise en base. */
  vat: string;
  /** The registered office, one line; '' when not filled. */
  registeredOffice: string;
}

export interface LegalIdentity extends SiteIdentity {
  /** null until the server's answer arrives (the pre-rendered HTML names no legal entity). */
  entity: LegalEntity | null;
  publicationDirector: string;
  host: { name: string; address: string; phone: string };
  mediator: { name: string; address: string; website: string };
}

const FALLBACK_ADDRESS = `${BUSINESS.street}, ${BUSINESS.postalCode} ${BUSINESS.city}`;

export function siteIdentity(
  s: Pick<IdentitySettings, 'shopName' | 'shopEmail' | 'shopPhone' | 'shopAddress'>,
): SiteIdentity {
  const e164 = s.shopPhone ? normalizePhone(s.shopPhone) : null;
  return {
    name: s.shopName,
    email: s.shopEmail,
    phone: s.shopPhone,
    phoneHref: e164 ? `tel:${e164}` : null,
    address: s.shopAddress.trim().replace(/\s*\n\s*/g, ', ') || FALLBACK_ADDRESS,
  };
}

export function legalEntity(seller: SellerIdentity): LegalEntity {
  const cityLine = [seller.zipCode, seller.city].filter(Boolean).join(' ');
  return {
    legalName: seller.legalName,
    legalForm: seller.legalForm,
    shareCapital: seller.shareCapital,
    siren: seller.siren,
    siret: seller.siret,
    registry: seller.registry,
    vat: seller.vatExempt ? VAT_EXEMPT_MENTION : seller.vatNumber,
    registeredOffice: [seller.address.trim().replace(/\s*\n\s*/g, ', '), cityLine].filter(Boolean).join(', '),
  };
}

export function legalIdentity(s: IdentitySettings, seller: SellerIdentity | null): LegalIdentity {
  return {
    ...siteIdentity(s),
    entity: seller && legalEntity(seller),
    publicationDirector: s.publicationDirector,
    host: { name: s.hostName, address: s.hostAddress, phone: s.hostPhone },
    mediator: { name: s.mediatorName, address: s.mediatorAddress, website: s.mediatorWebsite },
  };
}

/** The Mentions légales fields before the owner fills them (the settings' defaults). */
export const LEGAL_NOTICE_DEFAULTS = {
  publicationDirector: '',
  hostName: '',
  hostAddress: '',
  hostPhone: '',
  mediatorName: '',
  mediatorAddress: '',
  mediatorWebsite: '',
};

/** What a page shows before the settings arrive (pre-rendered HTML): business.ts's contact facts. */
export const PRERENDER_IDENTITY: LegalIdentity = legalIdentity(
  {
    shopName: BUSINESS.name,
    shopEmail: BUSINESS.email,
    shopPhone: BUSINESS.phoneDisplay,
    shopAddress: '',
    ...LEGAL_NOTICE_DEFAULTS,
  },
  null,
);
