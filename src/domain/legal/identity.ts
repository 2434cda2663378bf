/**
 * The shop's identity as every page, legal text and mail shows it: read from the settings (Paramètres
 * › Général and › Mentions légales), with business.ts for what the settings do not hold yet (SIRET).
 * `legalIdentity` is the one function the legal notices and the CGV read: when the seller's legal
 * fields (legal name, form, capital, SIREN/SIRET, RCS, VAT) join the settings (Paramètres ›
 * Facturation), point it at them here and every page follows.
 */
import { normalizePhone } from '../common/phone.js';
import { BUSINESS } from '../site/business.js';

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

export interface LegalIdentity extends SiteIdentity {
  siret: string;
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

export function legalIdentity(s: IdentitySettings): LegalIdentity {
  return {
    ...siteIdentity(s),
    siret: BUSINESS.siret,
    publicationDirector: s.publicationDirector,
    host: { name: s.hostName, address: s.hostAddress, phone: s.hostPhone },
    mediator: { name: s.mediatorName, address: s.mediatorAddress, website: s.mediatorWebsite },
  };
}

/** What a page shows before the settings arrive (pre-rendered HTML): business.ts's facts. */
export const PRERENDER_IDENTITY: LegalIdentity = legalIdentity({
  shopName: BUSINESS.name,
  shopEmail: BUSINESS.email,
  shopPhone: BUSINESS.phoneDisplay,
  shopAddress: '',
  publicationDirector: '',
  hostName: '',
  hostAddress: '',
  hostPhone: '',
  mediatorName: '',
  mediatorAddress: '',
  mediatorWebsite: '',
});
