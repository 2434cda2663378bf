/**
 * « Mise en service » (issue 35): what the shop still needs before it may sell, computed once from
 * the settings. The dashboard's checklist lists every item; the checkout (in production) and the
 * public pages read `missingLegalMentions`, the part the law requires before a sale:
 * - the legal notices (LCEN art. 6 III): the legal entity (name, form and capital, registered
 *   office, RCS or RM, SIREN, VAT number or the art. 293 B mention: Paramètres › Facturation), the
 *   shop's phone, the director of publication, the host's name, address and phone;
 * - the consumer mediator's name, address and website in the CGV (C. conso L612-1).
 * A production shop missing one of them takes no order (CHECKOUT_CLOSED_MESSAGE) and its pages show
 * no placeholder: a blank mention is left out, never printed as « à compléter ».
 */
import { IDENTITY_LABELS, missingIdentityFields, type SellerIdentity } from '../invoices/identity.js';
import { offersCheque, offersTransfer, type PaymentInstructions } from './payment-instructions.js';

/** The settings fields the readiness reads (ShopSettings has them all). */
export interface ReadinessSettings extends PaymentInstructions {
  shopPhone: string;
  publicationDirector: string;
  hostName: string;
  hostAddress: string;
  hostPhone: string;
  mediatorName: string;
  mediatorAddress: string;
  mediatorWebsite: string;
}

/** What a public page may say while the shop is closed to orders (the checkout, the cart). */
export const CHECKOUT_CLOSED_MESSAGE =
  'Les commandes en ligne sont momentanément suspendues, le temps de compléter les informations légales de la boutique. Vous pouvez nous contacter par téléphone ou par email pour commander.';

/** The back-office's explanation of the same closure, with what is missing. */
export const closedForAdminMessage = (missing: readonly string[]) =>
  `La boutique ne prend aucune commande en ligne : des mentions légales obligatoires manquent (${missing.join(', ')}). Complétez-les dans Paramètres.`;

const LEGAL_NOTICE_LABELS = {
  shopPhone: 'Téléphone de la boutique',
  publicationDirector: 'Directeur de la publication',
  hostName: "Nom de l'hébergeur",
  hostAddress: "Adresse de l'hébergeur",
  hostPhone: "Téléphone de l'hébergeur",
} as const;

const MEDIATOR_LABELS = {
  mediatorName: 'Nom du médiateur',
  mediatorAddress: 'Adresse du médiateur',
  mediatorWebsite: 'Site internet du médiateur',
} as const;

const blanks = (s: ReadinessSettings, labels: Partial<Record<keyof ReadinessSettings, string>>) =>
  (Object.keys(labels) as (keyof ReadinessSettings)[]).filter((k) => !s[k].trim()).map((k) => labels[k] ?? k);

/** The legal entity's mentions still blank (Paramètres › Facturation), as French labels. */
export const missingCompanyMentions = (seller: SellerIdentity) =>
  missingIdentityFields(seller).map((f) => IDENTITY_LABELS[f]);

/** Every legally required mention still blank, as French labels (empty: the shop may sell). */
export function missingLegalMentions(s: ReadinessSettings, seller: SellerIdentity): string[] {
  return [
    ...missingCompanyMentions(seller),
    ...blanks(s, LEGAL_NOTICE_LABELS),
    ...blanks(s, MEDIATOR_LABELS),
  ];
}

/**
 * Whether the checkout takes orders: only production closes it (a development or test shop sells
 * with blank mentions, to try it). Returns the public message, or null when open.
 */
export const checkoutClosure = (production: boolean, missing: readonly string[]): string | null =>
  production && missing.length > 0 ? CHECKOUT_CLOSED_MESSAGE : null;

// --- The demo's fictitious identity ---------------------------------------------------------------

/**
 * The identity the demo seed stores, so that `npm start` on a fresh clone can sell: complete, and
 * fictitious (the back-office says so while it is there). Its SIREN passes the Luhn check.
 */
export const DEMO_SELLER: SellerIdentity = {
  legalName: 'Hygiène - Anti-nuisibles 27 (société fictive de démonstration)',
  legalForm: 'SARL',
  shareCapital: '1 000 €',
  address: '1 rue de la Démonstration',
  zipCode: '27000',
  city: 'Évreux',
  siren: '123456782',
  siret: '12345678200002',
  registry: 'RCS Évreux 123 456 782',
  vatNumber: 'FR11123456782',
  vatExempt: false,
  invoicePrefix: 'FA',
  creditNotePrefix: 'AV',
};

export const DEMO_LEGAL_NOTICES = {
  publicationDirector: 'Camille Exemple (fictif)',
  hostName: 'Hébergeur de démonstration (fictif)',
  hostAddress: '1 avenue de l’Exemple, 75000 Paris',
  hostPhone: '01 00 00 00 00',
  mediatorName: 'Médiateur de démonstration (fictif)',
  mediatorAddress: '2 place de l’Exemple, 75000 Paris',
  mediatorWebsite: 'https://mediateur.example',
} as const;

export const DEMO_PAYMENT: PaymentInstructions = {
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP882',
  chequePayee: 'Hygiène - Anti-nuisibles 27 (fictif)',
};

/** The seeded legal entity is still in place (its SIREN is the demo's). */
export const isDemoSeller = (seller: SellerIdentity) => seller.siren === DEMO_SELLER.siren;
/** The seeded legal notices are still in place (the mediator or the host is the demo's). */
export const hasDemoLegalNotices = (s: ReadinessSettings) =>
  s.mediatorName === DEMO_LEGAL_NOTICES.mediatorName || s.hostName === DEMO_LEGAL_NOTICES.hostName;
export const hasDemoPayment = (s: PaymentInstructions) =>
  s.iban === DEMO_PAYMENT.iban || s.chequePayee === DEMO_PAYMENT.chequePayee;

// --- The checklist --------------------------------------------------------------------------------

export interface ReadinessFacts {
  settings: ReadinessSettings;
  seller: SellerIdentity;
  /** SMTP_URL is set (else mails are only written to files). */
  smtp: boolean;
  /** MAIL_FROM, as customers see the sender. */
  mailFrom: string;
  /** The admin signing in has chosen their password (not the seeded development or random one). */
  ownPassword: boolean;
  /** Hazardous products on sale (visible and available) that have no safety data sheet. */
  hazardousWithoutSheet: { id: string; title: string }[];
}

export type ReadinessKey = 'company' | 'legal' | 'payment' | 'mail' | 'password' | 'safety-sheets';

export interface ReadinessItem {
  key: ReadinessKey;
  title: string;
  done: boolean;
  /** The demo's fictitious values are still there: to replace before selling for real. */
  fictitious: boolean;
  /** Legally required before a sale: in production the checkout stays closed without it. */
  closesCheckout: boolean;
  /** What is missing, in French (field labels, product names); empty when done. */
  missing: string[];
  /** The screen where it is done; null for the password (a reset link mailed to the admin). */
  href: string | null;
  /** One sentence: what this item is and where it goes. */
  hint: string;
}

const SETTINGS = '/admin/settings';

export function shopReadiness(f: ReadinessFacts): ReadinessItem[] {
  const company = missingCompanyMentions(f.seller);
  const companyDemo = isDemoSeller(f.seller);
  const legal = [...blanks(f.settings, LEGAL_NOTICE_LABELS), ...blanks(f.settings, MEDIATOR_LABELS)];
  const legalDemo = hasDemoLegalNotices(f.settings);
  const payment = [
    ...(offersTransfer(f.settings) ? [] : ['IBAN et BIC']),
    ...(offersCheque(f.settings) ? [] : ['Ordre des chèques']),
  ];
  const paymentDemo = hasDemoPayment(f.settings);
  const item = (
    key: ReadinessKey,
    title: string,
    missing: string[],
    rest: { fictitious?: boolean; closesCheckout?: boolean; href: string | null; hint: string },
  ): ReadinessItem => ({
    key,
    title,
    missing,
    fictitious: rest.fictitious ?? false,
    done: missing.length === 0 && !rest.fictitious,
    closesCheckout: rest.closesCheckout ?? false,
    href: rest.href,
    hint: rest.hint,
  });
  return [
    item('company', "Identité de l'entreprise et facturation", company, {
      fictitious: companyDemo,
      closesCheckout: true,
      href: `${SETTINGS}?onglet=billing`,
      hint: 'Raison sociale, forme juridique, siège, SIREN, immatriculation et TVA : imprimés sur les factures et les mentions légales.',
    }),
    item('legal', 'Mentions légales et médiateur', legal, {
      fictitious: legalDemo,
      closesCheckout: true,
      href: `${SETTINGS}?onglet=legal`,
      hint: 'Directeur de la publication, hébergeur et médiateur de la consommation : nommés dans les mentions légales et les CGV.',
    }),
    item('payment', 'Instructions de paiement', payment, {
      fictitious: paymentDemo,
      href: `${SETTINGS}?onglet=payment`,
      hint: 'IBAN et BIC pour les virements, ordre des chèques : envoyés au client avec la confirmation de sa commande.',
    }),
    item('mail', 'Envoi des emails (expéditeur et SMTP)', f.smtp ? [] : ['Serveur SMTP (SMTP_URL)'], {
      href: `${SETTINGS}?onglet=notifications`,
      hint: f.smtp
        ? `Les emails partent du serveur SMTP configuré, expéditeur : ${f.mailFrom}.`
        : `Sans SMTP_URL, les emails sont seulement écrits en fichiers .eml sur le serveur et n'arrivent pas aux clients. Expéditeur : ${f.mailFrom} (MAIL_FROM).`,
    }),
    item('password', "Mot de passe de l'administrateur", f.ownPassword ? [] : ['Mot de passe personnel'], {
      href: null,
      hint: f.ownPassword
        ? 'Vous avez choisi votre mot de passe.'
        : "Le compte administrateur a encore le mot de passe créé à l'installation : choisissez le vôtre avec le lien reçu par email.",
    }),
    item(
      'safety-sheets',
      'Fiches de données de sécurité',
      f.hazardousWithoutSheet.map((p) => p.title),
      {
        href: f.hazardousWithoutSheet[0]
          ? `/admin/products?edit=${encodeURIComponent(f.hazardousWithoutSheet[0].id)}`
          : '/admin/products',
        hint: 'Chaque produit dangereux en vente (biocide, pictogramme de danger) a sa fiche de données de sécurité (PDF).',
      },
    ),
  ];
}
