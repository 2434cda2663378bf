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

const staticRoutes = new Set([
  '/',
  '/boutique',
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
  '/admin/dashboard',
  '/admin/products',
  '/admin/customers',
  '/admin/orders',
  '/admin/contact',
  '/admin/settings',
  '/admin/audit',
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
    // The signed order page (issue 26): /commande/{token}.
    /^\/commande\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/.test(path)
  );
}

/** The pages search engines may index (sitemap.xml), besides the product pages. */
export const INDEXABLE_PAGES: readonly string[] = [
  '/',
  ...RUBRIQUE_IDS.map((id) => `/rubriques/${id}`),
  '/boutique',
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
  '/panier',
  '/auth',
  '/reinitialiser-mot-de-passe',
];
