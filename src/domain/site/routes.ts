/** The site's route table (visitor-site.md §2, back-office.md §2): the server answers 404 for the rest. */
export const RUBRIQUE_IDS = [
  'deratisation',
  'guepe-frelon',
  'apiculteur-amateur',
  'piegeur-ragondins',
  'chenille-processionnaires',
  'deiv',
  'la-poste',
] as const;
export type RubriqueId = (typeof RUBRIQUE_IDS)[number];

/**
 * The back-office's screens under /admin/ (besides /admin/login). The one list: the server answers
 * 200 for each, routes/admin.tsx must render each (its screen table is keyed by it, so a screen
 * added there without being added here does not compile), and the sidebar names them.
 */
export const ADMIN_SCREENS = [
  'dashboard',
  'products',
  'customers',
  'orders',
  'contact',
  'interventions',
  'sites',
  'planning',
  'contracts',
  'tournee',
  'rapport',
  'treatments',
  'invoices',
  'audit',
  'settings',
] as const;
export type AdminScreen = (typeof ADMIN_SCREENS)[number];

const staticRoutes = new Set([
  '/',
  '/boutique',
  '/tarifs',
  '/panier',
  '/checkout',
  '/confirmation',
  '/auth',
  '/compte',
  '/mentions-legales',
  '/cgv',
  '/politique-confidentialite',
  '/admin',
  '/admin/login',
  ...ADMIN_SCREENS.map((screen) => `/admin/${screen}`),
]);

/** True when the app has a screen for this path (trailing slashes ignored). */
export function isKnownRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (staticRoutes.has(path)) return true;
  const rubrique = /^\/rubriques\/([a-z-]+)$/.exec(path);
  if (rubrique) return (RUBRIQUE_IDS as readonly string[]).includes(rubrique[1]!);
  return (
    /^\/produit\/[^/]+$/.test(path) ||
    /^\/reinitialiser-mot-de-passe$/.test(path) ||
    // The signed pages, one token scheme (server/orders/order-link.ts): an order (issue 26), a devis
    // and an intervention's appointments (issue 36), a yearly contract and a customer's site (issue 38).
    /^\/(commande|devis|rendez-vous|contrat|site)\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/.test(path) ||
    // The inspector's folder (ADR 045): its random token; the server answers 410 once revoked.
    /^\/dossier\/[A-Za-z0-9_-]{43}$/.test(path) ||
    // The public verification of a sealed report (ADR 038): its short code, or none to type one.
    /^\/verifier(\/[\w-]{1,20})?$/.test(path)
  );
}

/** The pages search engines may index (sitemap.xml), besides the product pages. */
export const INDEXABLE_PAGES: readonly string[] = [
  '/',
  ...RUBRIQUE_IDS.map((id) => `/rubriques/${id}`),
  '/boutique',
  '/tarifs',
  '/mentions-legales',
  '/cgv',
  '/politique-confidentialite',
];

/** Kept out of search engines (robots.txt): the back-office, the API, a shopper's own pages. */
export const PRIVATE_PATH_PREFIXES: readonly string[] = [
  '/admin',
  '/api/',
  '/compte',
  '/checkout',
  '/confirmation',
  '/commande/',
  '/rendez-vous/',
  '/site/',
  '/dossier/',
  '/contrat/',
  '/verifier',
  '/panier',
  '/auth',
  '/reinitialiser-mot-de-passe',
];
