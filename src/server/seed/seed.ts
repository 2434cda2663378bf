import { createHash, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DEMO_LEGAL_NOTICES, DEMO_PAYMENT, DEMO_SELLER } from '../../domain/settings/readiness.js';
import { type Auth, RESET_PASSWORD_PATH } from '../auth/auth.js';
import { type Config, ConfigError, DEV_ADMIN_PASSWORD, isPublishedAdminPassword } from '../config.js';
import type { Sql } from '../db/client.js';
import { storeImage } from '../images/images.js';
import { saveIdentity } from '../invoices/identity.js';
import { logger } from '../logger.js';
import { settingsDefaults, storeInitialSettings } from '../settings/store.js';
import { type ArtKind, productArt } from './demo-art.js';

interface DemoProduct {
  title: string;
  slug: string;
  mini: string;
  description: string;
  price: number;
  promo?: number;
  stock: number | 'unlimited';
  category: string;
  subcategory?: string;
  brand: string;
  tags: string[];
  art: ArtKind;
  extraImages?: number;
  weightKg?: number;
  size?: string;
  color?: string;
  deliveryTime?: string;
  /** Issue 27: what the label of a biocide or hazardous mixture says. */
  biocideType?: string;
  professionalOnly?: 'desinfectants' | 'nuisibles' | 'autres';
  pictograms?: string[];
  signalWord?: 'Danger' | 'Attention';
  hazards?: string[];
  precautions?: string[];
  net?: [number, 'ml' | 'l' | 'g' | 'kg' | 'piece'];
}

/** A realistic French catalogue of pest-control and beekeeping supplies. Prices in cents. */
export const demoProducts: DemoProduct[] = [
  {
    title: 'Piège à rats mécanique professionnel',
    slug: 'piege-a-rats-mecanique-professionnel',
    mini: 'Tapette renforcée en acier galvanisé, déclenchement sensible.',
    description:
      'Piège mécanique à haute sensibilité pour rats, utilisé par nos techniciens. Structure en acier galvanisé, ressort puissant, plateau à appât amovible et lavable. À placer le long des murs, dans les zones de passage.',
    price: 1490,
    stock: 40,
    category: 'Rongeurs',
    subcategory: 'Pièges',
    brand: 'NormaPro',
    tags: ['rats', 'piège', 'sans poison'],
    art: 'rat-trap',
    extraImages: 2,
    weightKg: 0.45,
    deliveryTime: '2-3 jours',
  },
  {
    title: "Station d'appâtage sécurisée rats et souris",
    slug: 'station-appatage-securisee-rats-souris',
    mini: 'Boîtier verrouillable à clé, sûr pour les enfants et animaux.',
    description:
      "Station d'appâtage en polypropylène résistant, fermée par une clé. Elle protège l'appât de l'humidité et empêche l'accès des enfants et des animaux domestiques. Fixation murale ou au sol.",
    price: 2490,
    promo: 1990,
    stock: 25,
    category: 'Rongeurs',
    subcategory: "Stations d'appâtage",
    brand: 'SecuriBox',
    tags: ['rats', 'souris', 'sécurité'],
    art: 'bait-station',
    extraImages: 1,
    weightKg: 0.8,
    color: 'Noir',
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Lot de 10 tapettes à souris en bois',
    slug: 'lot-10-tapettes-souris-bois',
    mini: 'Le classique efficace, en bois de pin.',
    description:
      'Dix tapettes traditionnelles en bois de pin, faciles à armer. Idéales pour les greniers, caves et garages. Appâter avec un peu de beurre de cacahuète.',
    price: 1250,
    stock: 4,
    category: 'Rongeurs',
    subcategory: 'Pièges',
    brand: 'Bois & Nature',
    tags: ['souris', 'piège'],
    art: 'mouse-traps',
    weightKg: 0.3,
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Appâts raticides en pâte 500 g',
    slug: 'appats-raticides-pate-500g',
    mini: 'Sachets de pâte fraîche très appétente, usage en station.',
    description:
      "Appâts en pâte conditionnés en sachets individuels, pour usage exclusif en station d'appâtage sécurisée.",
    price: 1690,
    biocideType: 'TP14',
    pictograms: ['GHS08'],
    signalWord: 'Attention',
    hazards: ['H373'],
    precautions: ['P102', 'P260', 'P280', 'P301+P310', 'P405', 'P501'],
    net: [500, 'g'],
    stock: 60,
    category: 'Rongeurs',
    subcategory: 'Appâts',
    brand: 'NormaPro',
    tags: ['rats', 'biocide'],
    art: 'bait',
    weightKg: 0.5,
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Piège à frelons asiatiques sélectif',
    slug: 'piege-frelons-asiatiques-selectif',
    mini: 'Entrées calibrées qui laissent ressortir les abeilles.',
    description:
      'Piège sélectif contre le frelon asiatique : ses entrées calibrées et ses trappes de sortie épargnent les abeilles et les petits insectes. À installer au printemps pour capturer les fondatrices.',
    price: 1990,
    promo: 1690,
    stock: 3,
    category: 'Guêpes et frelons',
    subcategory: 'Pièges',
    brand: 'ApiGarde',
    tags: ['frelon asiatique', 'sélectif', 'apiculture'],
    art: 'hornet-trap',
    extraImages: 2,
    weightKg: 0.35,
    color: 'Jaune',
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Piège à guêpes réutilisable',
    slug: 'piege-guepes-reutilisable',
    mini: 'À remplir de sirop sucré, se vide et se réutilise.',
    description:
      'Piège à guêpes à suspendre près des terrasses. Remplissez-le de sirop ou de bière sucrée, videz-le et réutilisez-le toute la saison.',
    price: 990,
    stock: 0,
    category: 'Guêpes et frelons',
    subcategory: 'Pièges',
    brand: 'ApiGarde',
    tags: ['guêpes', 'jardin'],
    art: 'wasp-trap',
    weightKg: 0.2,
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Combinaison de protection intégrale anti-frelons',
    slug: 'combinaison-protection-integrale-anti-frelons',
    mini: 'Tissu épais ventilé et voile grillagé, pour les interventions sur nids.',
    description:
      'Combinaison intégrale en tissu triple couche ventilé, avec voile grillagé à fermeture éclair, élastiques aux chevilles et aux poignets. Résiste aux dards des frelons asiatiques et européens.',
    price: 8900,
    promo: 7490,
    stock: 8,
    category: 'Protection',
    subcategory: 'Combinaisons',
    brand: 'ProtecNid',
    tags: ['frelons', 'EPI', 'protection'],
    art: 'suit',
    extraImages: 1,
    weightKg: 1.6,
    size: 'L',
    color: 'Blanc',
    deliveryTime: '3-5 jours',
  },
  {
    title: "Gants d'apiculteur en cuir",
    slug: 'gants-apiculteur-cuir',
    mini: 'Cuir souple et manchettes longues en coton.',
    description:
      "Gants d'apiculteur en cuir de chèvre souple, avec manchettes longues en coton épais et élastique. Bonne sensibilité pour manipuler les cadres.",
    price: 1850,
    stock: 15,
    category: 'Apiculture',
    subcategory: 'Protection',
    brand: 'Rucher Normand',
    tags: ['apiculture', 'gants'],
    art: 'gloves',
    weightKg: 0.2,
    size: 'M',
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Enfumoir apicole inox 10 cm',
    slug: 'enfumoir-apicole-inox-10cm',
    mini: 'Corps inox, soufflet en cuir, grille de protection.',
    description:
      'Enfumoir en acier inoxydable de 10 cm de diamètre, soufflet en cuir et bois, grille de protection contre les brûlures. Fumée froide et régulière pour calmer les colonies.',
    price: 3200,
    stock: 12,
    category: 'Apiculture',
    subcategory: 'Matériel',
    brand: 'Rucher Normand',
    tags: ['apiculture', 'enfumoir'],
    art: 'smoker',
    extraImages: 1,
    weightKg: 0.7,
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Cadres de ruche Dadant filés (lot de 10)',
    slug: 'cadres-ruche-dadant-files-lot-10',
    mini: 'Cadres de corps en épicéa, filés inox, prêts à cirer.',
    description:
      'Dix cadres de corps Dadant en épicéa, assemblés et filés en inox. Prêts à recevoir la cire gaufrée.',
    price: 2750,
    stock: 5,
    category: 'Apiculture',
    subcategory: 'Ruches et cadres',
    brand: 'Rucher Normand',
    tags: ['apiculture', 'ruche', 'Dadant'],
    art: 'frames',
    weightKg: 1.9,
    deliveryTime: '3-5 jours',
  },
  {
    title: 'Aérosol insecticide guêpes et frelons 750 ml',
    slug: 'aerosol-insecticide-guepes-frelons-750ml',
    mini: 'Jet longue portée de 4 mètres, action foudroyante.',
    description:
      "Aérosol à jet longue portée (jusqu'à 4 mètres) pour traiter les nids de guêpes et de frelons à distance.",
    price: 1190,
    biocideType: 'TP18',
    pictograms: ['GHS02', 'GHS07', 'GHS09'],
    signalWord: 'Danger',
    hazards: ['H222', 'H229', 'H336', 'H410'],
    precautions: ['P102', 'P210', 'P211', 'P251', 'P273', 'P410+P412', 'P501'],
    net: [750, 'ml'],
    stock: 50,
    category: 'Guêpes et frelons',
    subcategory: 'Insecticides',
    brand: 'Biocid+',
    tags: ['guêpes', 'frelons', 'aérosol'],
    art: 'spray',
    weightKg: 0.8,
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Spray anti-punaises de lit 500 ml',
    slug: 'spray-anti-punaises-de-lit-500ml',
    mini: 'Traitement des matelas, sommiers et plinthes.',
    description:
      "Spray prêt à l'emploi contre les punaises de lit, leurs larves et leurs œufs. À pulvériser sur les coutures des matelas, les sommiers et les plinthes. Fabriqué à la demande : toujours disponible.",
    price: 1590,
    stock: 'unlimited',
    biocideType: 'TP18',
    professionalOnly: 'nuisibles',
    pictograms: ['GHS07', 'GHS09'],
    signalWord: 'Attention',
    hazards: ['H317', 'H410'],
    precautions: ['P102', 'P261', 'P273', 'P280', 'P302+P352', 'P391', 'P501'],
    net: [500, 'ml'],
    category: 'Insectes rampants',
    subcategory: 'Insecticides',
    brand: 'Biocid+',
    tags: ['punaises de lit', 'spray'],
    art: 'bedbug-spray',
    weightKg: 0.55,
    deliveryTime: '2-3 jours',
  },
  {
    title: 'Désinsectiseur électrique UV 30 m²',
    slug: 'desinsectiseur-electrique-uv-30m2',
    mini: 'DEIV pour cuisines et commerces, grille haute tension.',
    description:
      "Destructeur électrique d'insectes volants à lampes UV, pour des pièces jusqu'à 30 m². Adapté aux cuisines professionnelles, boulangeries et commerces alimentaires. Bac de récupération amovible.",
    price: 7900,
    stock: 6,
    category: 'Insectes volants',
    subcategory: 'DEIV',
    brand: 'LumiPiège',
    tags: ['mouches', 'moucherons', 'professionnel'],
    art: 'uv-lamp',
    extraImages: 1,
    weightKg: 3.2,
    deliveryTime: '3-5 jours',
  },
  {
    // Issue 27: no "naturel" (Reg. 528/2012 art. 72(3)) and no promotion on a TP18 (C. env. L522-18).
    title: 'Pyrèthre concentré 250 ml',
    slug: 'pyrethre-concentre-250ml',
    mini: 'Insecticide à base d’extrait de chrysanthème, à diluer.',
    description:
      "Concentré d'extrait de pyrèthre (fleurs de chrysanthème), à diluer dans l'eau. Contre les insectes volants et rampants.",
    price: 2150,
    stock: 20,
    category: 'Insectes rampants',
    subcategory: 'Concentrés',
    brand: 'Pyréthra',
    tags: ['pyrèthre', 'concentré'],
    biocideType: 'TP18',
    pictograms: ['GHS07', 'GHS09'],
    signalWord: 'Attention',
    hazards: ['H302', 'H312', 'H332', 'H410'],
    precautions: ['P102', 'P261', 'P273', 'P280', 'P391', 'P501'],
    net: [250, 'ml'],
    art: 'bottle',
    weightKg: 0.3,
    deliveryTime: '2-3 jours',
  },
];

async function markerSet(sql: Sql, key: string): Promise<boolean> {
  const [row] = await sql`select 1 from app_meta where key = ${key}`;
  return Boolean(row);
}

async function seedCatalog(sql: Sql): Promise<void> {
  if (await markerSet(sql, 'seed:catalog')) return;
  logger.info(`Seeding the demo catalogue (${demoProducts.length} products)`);
  const now = Date.now();
  // The categories list first (migration 0051): a product's category is one of it.
  for (const [position, name] of [...new Set(demoProducts.map((p) => p.category))].entries()) {
    await sql`insert into product_categories (name, position) values (${name}, ${position + 1})
              on conflict (name) do nothing`;
  }
  for (const [index, p] of demoProducts.entries()) {
    const images: string[] = [];
    for (let v = 0; v <= (p.extraImages ?? 0); v++) {
      const png = await sharp(Buffer.from(productArt(p.art, v)))
        .png()
        .toBuffer();
      images.push((await storeImage(sql, png, `${p.slug}-${v}.png`)).url);
    }
    const createdAt = new Date(now - index * 3_600_000);
    const [row] = await sql<{ id: string }[]>`
      insert into products (title, slug, description, mini_description, price_cents, promo_price_cents,
        is_on_promotion, main_image, additional_images, category, subcategory, brand, tags, size, color,
        infinite_stock, stock_quantity, weight_kg, delivery_time, created_at, biocide_type, professional_only,
        certibiocide_category, hazard_pictograms, signal_word, hazard_statements, precautionary_statements,
        net_quantity, net_unit, promo_started_at, reference_price_cents)
      values (${p.title}, ${p.slug}, ${p.description}, ${p.mini}, ${p.price}, ${p.promo ?? null},
        ${p.promo !== undefined}, ${images[0] ?? null}, ${images.slice(1)}, ${p.category}, ${p.subcategory ?? null},
        ${p.brand}, ${p.tags}, ${p.size ?? null}, ${p.color ?? null}, ${p.stock === 'unlimited'},
        ${p.stock === 'unlimited' ? 0 : p.stock}, ${p.weightKg ?? null}, ${p.deliveryTime ?? null},
        ${createdAt}, ${p.biocideType ?? null}, ${Boolean(p.professionalOnly)}, ${p.professionalOnly ?? null},
        ${p.pictograms ?? []}, ${p.signalWord ?? null}, ${p.hazards ?? []}, ${p.precautions ?? []},
        ${p.net?.[0] ?? null}, ${p.net?.[1] ?? null}, ${p.promo !== undefined ? createdAt : null},
        ${p.promo !== undefined ? p.price : null})
      on conflict (slug) do nothing
      returning id`;
    if (!row) continue;
    // The price history (C. conso L112-1-1): a reduced product was sold at its regular price for
    // the 30 days before its promotion, which is its struck price.
    const history = [
      ...(p.promo !== undefined
        ? [[p.price, false, p.price, new Date(createdAt.getTime() - 31 * 86_400_000)]]
        : []),
      [p.price, p.promo !== undefined, p.promo ?? p.price, createdAt],
    ] as [number, boolean, number, Date][];
    for (const [price, onPromotion, effective, at] of history) {
      await sql`
        insert into product_price_history (product_id, price_cents, promo_price_cents, is_on_promotion,
                                           effective_price_cents, changed_by, changed_at)
        values (${row.id}, ${price}, ${p.promo ?? null}, ${onPromotion}, ${effective}, 'seed', ${at})`;
    }
  }
  await sql`insert into app_meta (key, value) values ('seed:catalog', ${sql.json({ at: new Date().toISOString() })})
            on conflict (key) do nothing`;
}

/**
 * The first admin's password (issue 23, finding 9): in production a published one is refused, as
 * AUTH_SECRET's are, and none at all gives a random password with a one-time link in the log.
 */
export function firstAdminPassword(config: Config): { password: string; oneTimeLink: boolean } {
  const given = config.ADMIN_PASSWORD;
  if (!config.production) return { password: given ?? DEV_ADMIN_PASSWORD, oneTimeLink: false };
  if (given && isPublishedAdminPassword(given) && !config.ALLOW_PUBLISHED_ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: is a published default value; in production choose your own, or leave it unset to get a one-time link in the log',
    );
  }
  return given
    ? { password: given, oneTimeLink: false }
    : { password: randomBytes(32).toString('base64url'), oneTimeLink: true };
}

async function seedAdmin(sql: Sql, auth: Auth, config: Config): Promise<void> {
  if (await markerSet(sql, 'seed:admin')) return;
  const [existing] = await sql<
    { id: string }[]
  >`select id from users where email = ${config.ADMIN_EMAIL.toLowerCase()}`;
  let id = existing?.id;
  if (!id) {
    const { password, oneTimeLink } = firstAdminPassword(config);
    const result = await auth.api.signUpEmail({
      body: { email: config.ADMIN_EMAIL, password, name: 'Administrateur' },
    });
    id = result.user.id;
    logger.info(`Admin account created: ${config.ADMIN_EMAIL}`);
    // A password nobody chose (the development one, a published one, the random one): the
    // dashboard's « Mise en service » asks for the admin's own until the hash changes.
    const chosen = config.ADMIN_PASSWORD !== undefined && !isPublishedAdminPassword(config.ADMIN_PASSWORD);
    if (!chosen) {
      const [account] = await sql<{ password: string }[]>`
        select password from accounts where user_id = ${id} and provider_id = 'credential'`;
      if (account) {
        await sql`insert into app_meta (key, value)
                  values (${SEEDED_PASSWORD_KEY}, ${sql.json({ userId: id, fingerprint: passwordFingerprint(account.password) })})
                  on conflict (key) do nothing`;
      }
    }
    if (oneTimeLink) {
      // No password anyone knows: a reset link, valid 24 hours, for the operator reading this log.
      const token = randomBytes(24).toString('base64url');
      await sql`
        insert into verifications (id, identifier, value, expires_at)
        values (${randomUUID()}, ${`reset-password:${token}`}, ${id}, now() + interval '24 hours')`;
      logger.warn(
        `ADMIN_PASSWORD is not set: choose the admin's password within 24 hours at ${config.PUBLIC_URL}${RESET_PASSWORD_PATH}?token=${token}`,
      );
    }
  }
  await sql`update profiles set role = 'admin', first_name = 'Administrateur', last_name = 'Boutique' where id = ${id}`;
  await sql`update users set email_verified = true where id = ${id}`;
  await sql`insert into app_meta (key, value) values ('seed:admin', ${sql.json({ email: config.ADMIN_EMAIL })})
            on conflict (key) do nothing`;
}

/** app_meta's record of the seeded admin password (its hash's fingerprint, never the hash). */
export const SEEDED_PASSWORD_KEY = 'seed:admin-password';
export const passwordFingerprint = (hash: string) => createHash('sha256').update(hash).digest('hex');

/**
 * The demo shop's settings: the spec's defaults with free delivery, so that out of the box the shop
 * is as the visitor spec describes it (delivery 'Gratuite', total = subtotal), and a complete
 * fictitious identity (legal entity, legal notices, mediator, payment instructions) so that the demo
 * may sell in production mode; the dashboard's « Mise en service » says it is fictitious. Only on
 * an empty database: an existing shop never gets fictitious mentions.
 */
async function seedSettings(sql: Sql, config: Config): Promise<void> {
  if (await markerSet(sql, 'seed:settings')) return;
  await storeInitialSettings(sql, {
    ...settingsDefaults(config),
    defaultShippingCostCents: 0,
    ...DEMO_LEGAL_NOTICES,
    ...DEMO_PAYMENT,
  });
  const [saved] = await sql`select 1 from seller_identity`;
  if (!saved) await saveIdentity(sql, DEMO_SELLER, null);
  await sql`insert into app_meta (key, value) values ('seed:settings', ${sql.json({ at: new Date().toISOString() })})
            on conflict (key) do nothing`;
}

/**
 * Seeds an empty database once: the demo catalogue, the shop settings and the admin account. Markers in app_meta make
 * it idempotent and keep it from ever re-creating or overwriting what an admin changed or removed.
 * A session advisory lock keeps instances starting together from seeding twice.
 */
export async function seed(sql: Sql, auth: Auth, config: Config): Promise<void> {
  const conn = await sql.reserve();
  try {
    await conn`select pg_advisory_lock(hashtext('seed'))`;
    await seedCatalog(sql);
    await seedSettings(sql, config);
    await seedAdmin(sql, auth, config);
  } finally {
    await conn`select pg_advisory_unlock(hashtext('seed'))`;
    conn.release();
  }
}
