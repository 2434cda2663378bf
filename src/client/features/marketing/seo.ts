/**
 * Title, description and canonical path of each marketing page: used by the pre-renderer for the
 * static HTML head and by the pages themselves on client-side navigation.
 */
import { useEffect } from 'react';
import { useDocumentTitle } from '@/client/lib/utils';
import { WITHDRAWAL_DAYS } from '../../../domain/legal/cgv';
import { PRERENDER_IDENTITY, type SiteIdentity } from '../../../domain/legal/identity';
import { BUSINESS } from '../../../domain/site/business';
import { DEPARTMENTS } from './content';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; null for pages that must not be indexed (404). */
  path: string | null;
}

export const HOME_META: PageMeta = {
  title: `${BUSINESS.name} | Dératisation, guêpes et frelons dans l'Eure`,
  description:
    "Dératisation, désinsectisation, destruction de nids de guêpes et de frelons asiatiques dans l'Eure (27) et en Normandie. Devis gratuit, intervention en moins de 24h, 24h/24 et 7j/7.",
  path: '/',
};

export const LEGAL_META = {
  'mentions-legales': {
    title: `Mentions légales | ${BUSINESS.name}`,
    description: `Mentions légales du site ${BUSINESS.name} : éditeur, hébergement, propriété intellectuelle et responsabilité.`,
    path: '/mentions-legales',
  },
  cgv: {
    title: `Conditions générales de vente | ${BUSINESS.name}`,
    description: `Conditions générales de vente de la boutique ${BUSINESS.name} : commandes, prix, paiement, livraison, rétractation de ${WITHDRAWAL_DAYS} jours et garanties.`,
    path: '/cgv',
  },
  'politique-confidentialite': {
    title: `Politique de confidentialité | ${BUSINESS.name}`,
    description: `Comment ${BUSINESS.name} collecte, utilise et protège vos données personnelles, et comment exercer vos droits.`,
    path: '/politique-confidentialite',
  },
} as const satisfies Record<string, PageMeta>;

export type LegalPageId = keyof typeof LEGAL_META;

export const NOT_FOUND_META: PageMeta = {
  title: `Page introuvable | ${BUSINESS.name}`,
  description: "La page demandée n'existe pas ou a été déplacée.",
  path: null,
};

export const canonicalUrl = (path: string) => `${BUSINESS.siteUrl}${path === '/' ? '/' : path}`;

/** The LocalBusiness structured data of the home page: the shop's name, phone and email as given. */
export function localBusinessJsonLd(identity: SiteIdentity = PRERENDER_IDENTITY) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: identity.name,
    url: `${BUSINESS.siteUrl}/`,
    image: `${BUSINESS.siteUrl}/og-image.png`,
    logo: `${BUSINESS.siteUrl}/favicon.svg`,
    ...(identity.phoneHref ? { telephone: identity.phoneHref.slice('tel:'.length) } : {}),
    email: identity.email,
    description: HOME_META.description,
    priceRange: '€€',
    foundingDate: String(BUSINESS.since),
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.street,
      postalCode: BUSINESS.postalCode,
      addressLocality: BUSINESS.city,
      addressRegion: BUSINESS.region,
      addressCountry: 'FR',
    },
    areaServed: DEPARTMENTS.map((d) => ({ '@type': 'AdministrativeArea', name: `${d.name} (${d.code})` })),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.9', bestRating: '5', reviewCount: '260' },
  };
}

/** Keeps <title>, the description and the canonical link in step on client-side navigation. */
export function usePageMeta(meta: PageMeta) {
  useDocumentTitle(meta.title);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    if (meta.path)
      document.querySelector('link[rel="canonical"]')?.setAttribute('href', canonicalUrl(meta.path));
  }, [meta]);
}
