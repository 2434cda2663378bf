/**
 * The business facts the pages display. The client cannot read the server configuration, so the
 * phone and email shown to visitors live here, in one place (change them here only).
 */
export const BUSINESS = {
  name: 'Hygiène - Anti-nuisibles 27',
  shortName: 'Anti-nuisibles 27',
  phoneDisplay: '06 12 34 56 78',
  phoneHref: 'tel:+33612345678',
  email: 'contact@hygiene-anti-nuisibles-27.fr',
  /** Public address of the site, for canonical links, Open Graph and the sitemap. */
  siteUrl: 'https://www.hygiene-anti-nuisibles-27.fr',
  city: 'Évreux',
  postalCode: '27000',
  street: '12 rue de la Libération',
  region: 'Normandie',
  department: 'Eure (27)',
  /** The external review listing, opened in a new tab from #avis. */
  reviewsUrl: 'https://www.google.com/maps/search/Hygi%C3%A8ne+Anti-nuisibles+27',
  since: 2019,
} as const;
