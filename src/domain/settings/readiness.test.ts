import { describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY } from '../invoices/identity.js';
import { LEGAL_GUARANTEE_BOX } from '../legal/withdrawal-form.js';
import { isBic, isIban, paymentInstructionLines } from './payment-instructions.js';
import {
  CHECKOUT_CLOSED_MESSAGE,
  checkoutClosure,
  DEMO_LEGAL_NOTICES,
  DEMO_PAYMENT,
  DEMO_SELLER,
  missingLegalMentions,
  type ReadinessFacts,
  shopReadiness,
} from './readiness.js';
import { DEFAULT_SETTINGS, parseSettingsForm, settingsFormValues, shopSettingsSchema } from './settings.js';

const complete = { ...DEFAULT_SETTINGS, shopPhone: '02 32 00 00 00', ...DEMO_LEGAL_NOTICES, ...DEMO_PAYMENT };
const own = {
  ...complete,
  mediatorName: 'CM2C',
  hostName: 'OVH SAS',
  iban: 'FR1420041010050500013M02606',
  chequePayee: 'Nuisibles Normandie SARL',
};
const seller = { ...DEMO_SELLER, siren: '732829320', siret: '73282932000074', vatNumber: 'FR44732829320' };
const facts = (over: Partial<ReadinessFacts> = {}): ReadinessFacts => ({
  settings: own,
  seller,
  smtp: true,
  mailFrom: 'Boutique <contact@example.fr>',
  ownPassword: true,
  hazardousWithoutSheet: [],
  ...over,
});
const byKey = (f: ReadinessFacts) => Object.fromEntries(shopReadiness(f).map((i) => [i.key, i]));

describe('missingLegalMentions: what closes a production checkout', () => {
  it('is empty for a complete identity, the demo one included', () => {
    expect(missingLegalMentions(own, seller)).toEqual([]);
    expect(missingLegalMentions(complete, DEMO_SELLER)).toEqual([]);
  });

  it('names every blank mention: the legal entity, the phone, the director, the host, the mediator', () => {
    expect(missingLegalMentions(DEFAULT_SETTINGS, EMPTY_IDENTITY)).toEqual([
      'Raison sociale',
      'Forme juridique',
      'Adresse',
      'Code postal',
      'Ville',
      'SIREN',
      'Immatriculation RCS ou RM',
      'Numéro de TVA intracommunautaire',
      'Téléphone de la boutique',
      'Directeur de la publication',
      "Nom de l'hébergeur",
      "Adresse de l'hébergeur",
      "Téléphone de l'hébergeur",
      'Nom du médiateur',
      'Adresse du médiateur',
      'Site internet du médiateur',
    ]);
  });

  it.each([
    ['mediatorWebsite', 'Site internet du médiateur'],
    ['hostPhone', "Téléphone de l'hébergeur"],
    ['publicationDirector', 'Directeur de la publication'],
  ] as const)('one blank field is enough (%s), blank spaces included', (field, label) => {
    expect(missingLegalMentions({ ...own, [field]: '  ' }, seller)).toEqual([label]);
  });

  it('asks a company for its capital, and a VAT number unless exempt (art. 293 B)', () => {
    expect(missingLegalMentions(own, { ...seller, shareCapital: '' })).toEqual(['Capital social']);
    expect(missingLegalMentions(own, { ...seller, vatNumber: '' })).toEqual([
      'Numéro de TVA intracommunautaire',
    ]);
    expect(missingLegalMentions(own, { ...seller, vatNumber: '', vatExempt: true })).toEqual([]);
  });

  it('closes the checkout in production only, while something is missing', () => {
    const missing = missingLegalMentions({ ...own, mediatorName: '' }, seller);
    expect(checkoutClosure(true, missing)).toBe(CHECKOUT_CLOSED_MESSAGE);
    expect(checkoutClosure(false, missing)).toBeNull();
    expect(checkoutClosure(true, [])).toBeNull();
    expect(CHECKOUT_CLOSED_MESSAGE).not.toMatch(/compléter dans les paramètres/);
  });
});

describe('shopReadiness: the « Mise en service » checklist', () => {
  it('is all done for a shop with its own identity, SMTP, password and safety data sheets', () => {
    expect(shopReadiness(facts()).every((i) => i.done)).toBe(true);
  });

  it('marks the demo identity as fictitious and not done, though complete', () => {
    const items = byKey(facts({ settings: complete, seller: DEMO_SELLER }));
    for (const key of ['company', 'legal', 'payment'] as const) {
      expect(items[key]).toMatchObject({ done: false, fictitious: true, missing: [] });
    }
  });

  it('links each item to its screen and names what is missing', () => {
    const items = byKey(
      facts({
        settings: { ...own, iban: '', bic: '', mediatorName: '' },
        seller: { ...seller, siren: '' },
        smtp: false,
        ownPassword: false,
        hazardousWithoutSheet: [{ id: 'p1', title: 'Appâts raticides en pâte 500 g' }],
      }),
    );
    expect(items.company).toMatchObject({
      done: false,
      missing: ['SIREN'],
      href: '/admin/settings?onglet=billing',
    });
    expect(items.legal).toMatchObject({
      missing: ['Nom du médiateur'],
      href: '/admin/settings?onglet=legal',
    });
    expect(items.payment).toMatchObject({ missing: ['IBAN et BIC'], href: '/admin/settings?onglet=payment' });
    expect(items.mail).toMatchObject({ done: false, missing: ['Serveur SMTP (SMTP_URL)'] });
    expect(items.password).toMatchObject({ done: false, href: null });
    expect(items['safety-sheets']).toMatchObject({
      done: false,
      missing: ['Appâts raticides en pâte 500 g'],
      href: '/admin/products?edit=p1',
    });
    expect(items.company?.closesCheckout && items.legal?.closesCheckout).toBe(true);
    expect(items.payment?.closesCheckout).toBe(false);
  });
});

describe('payment instructions (Paramètres › Paiement)', () => {
  it('checks the IBAN with mod 97 and the country length', () => {
    expect(isIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isIban('fr1420041010050500013m02606')).toBe(true);
    expect(isIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false); // one digit off
    expect(isIban('FR76 3000 6000 0112 3456 7890 18')).toBe(false); // too short for FR
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('')).toBe(false);
  });

  it('checks the BIC: 8 or 11 characters', () => {
    expect(isBic('AGRIFRPP882')).toBe(true);
    expect(isBic('BNPAFRPP')).toBe(true);
    expect(isBic('BNPAFRP')).toBe(false);
    expect(isBic('BNPA FRPP XXXX')).toBe(false);
  });

  it('refuses a bad IBAN, a bad BIC or one without the other, in French, and stores them compact', () => {
    const parse = (over: Record<string, string>) =>
      shopSettingsSchema.safeParse(parseSettingsForm({ ...settingsFormValues(DEFAULT_SETTINGS), ...over }));
    const messages = (over: Record<string, string>) => {
      const r = parse(over);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRIFRPP882' })).toEqual([
      'IBAN invalide : vérifiez les caractères et la clé (ex. FR76 3000 6000 0112 3456 7890 189)',
    ]);
    expect(messages({ iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRI' })).toEqual([
      'BIC invalide : 8 ou 11 caractères (ex. AGRIFRPP882)',
    ]);
    expect(messages({ iban: 'FR76 3000 6000 0112 3456 7890 189' })).toEqual([
      "Indiquez le BIC de la banque avec l'IBAN",
    ]);
    const ok = parse({ iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agrifrpp882' });
    expect(ok.success && [ok.data.iban, ok.data.bic]).toEqual(['FR7630006000011234567890189', 'AGRIFRPP882']);
  });

  it('words the instructions « par virement », « par chèque », with the order number', () => {
    const lines = paymentInstructionLines(DEMO_PAYMENT, { reference: 'CMD-2026-000001' });
    expect(lines[0]).toBe(
      'Par virement : IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP882, en indiquant le numéro de commande CMD-2026-000001 en référence.',
    );
    expect(lines[1]).toMatch(
      /^Par chèque : à l'ordre de Hygiène - Anti-nuisibles 27 \(fictif\), en inscrivant/,
    );
    expect(paymentInstructionLines({ iban: '', bic: '', chequePayee: '' })).toHaveLength(1);
  });
});

describe('the CGV legal-guarantee box for goods (annex to D211-2)', () => {
  it('cites L. 241-5 for the civil fine, not L. 242-18-1 (digital content)', () => {
    const fine = LEGAL_GUARANTEE_BOX.find((l) => l.includes('amende civile'));
    expect(fine).toMatch(/\(article L\. 241-5 du code de la consommation\)\.$/);
    expect(LEGAL_GUARANTEE_BOX.join(' ')).not.toMatch(/242-18/);
  });
});
