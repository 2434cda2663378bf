import { describe, expect, it } from 'vitest';
import { isBusinessProfile } from '../invoices/business.js';
import { forbiddenClaim } from './biocide-claims.js';
import { biocideRegisterLines } from './biocide-register.js';
import { BIOCIDE_TYPE_CODES, biocideSentence } from './biocides.js';
import { certificateRefusal, PROFESSIONAL_ONLY_MESSAGES } from './certibiocide.js';
import { discountForbidden, mayBeShowcased } from './discount-ban.js';
import { effectivePriceCents, promoApplies } from './pricing.js';
import { PRODUCT_MESSAGES } from './product.js';
import { validateProduct } from './product-messages.test-support.js';

describe('C. env. L522-18, R522-16-1: no reduction on TP14 and TP18', () => {
  it('forbids discounts on rodenticides and insecticides only', () => {
    expect(discountForbidden('TP14')).toBe(true);
    expect(discountForbidden('TP18')).toBe(true);
    for (const type of BIOCIDE_TYPE_CODES.filter((t) => t !== 'TP14' && t !== 'TP18')) {
      expect(discountForbidden(type), type).toBe(false);
    }
    expect(discountForbidden(null)).toBe(false);
  });

  it('keeps them out of every promotional placement', () => {
    expect(mayBeShowcased({ biocideType: 'TP14' })).toBe(false);
    expect(mayBeShowcased({ biocideType: 'TP18' })).toBe(false);
    expect(mayBeShowcased({ biocideType: 'TP2' })).toBe(true);
    expect(mayBeShowcased({ biocideType: null })).toBe(true);
  });

  it('never charges a promo price for a TP14, whatever the row says', () => {
    const rodenticide = { priceCents: 1690, promoPriceCents: 1290, isOnPromotion: true, biocideType: 'TP14' };
    expect(promoApplies(rodenticide)).toBe(false);
    expect(effectivePriceCents(rodenticide)).toBe(1690);
    expect(promoApplies({ ...rodenticide, biocideType: 'TP2' })).toBe(true);
  });

  it('refuses the promotion switch of a TP18 in the product schema, with the reason', () => {
    const base = { title: 'Aérosol guêpes', price: 11.9, promoPrice: 9.9, biocideType: 'TP18' };
    expect(validateProduct({ ...base, isOnPromotion: true })).toContain(PRODUCT_MESSAGES.noDiscountBiocide);
    // A promo price alone is refused too: it would be saved and never applied (issue 35).
    expect(validateProduct({ ...base, isOnPromotion: false })).toEqual([PRODUCT_MESSAGES.noDiscountBiocide]);
    expect(validateProduct({ ...base, biocideType: 'TP14', isOnPromotion: false })).toEqual([
      PRODUCT_MESSAGES.noDiscountBiocide,
    ]);
    expect(validateProduct({ ...base, promoPrice: null, isOnPromotion: false })).toEqual([]);
    // Other biocides may be discounted.
    expect(validateProduct({ ...base, biocideType: 'TP19', isOnPromotion: false })).toEqual([]);
  });
});

describe('Reg. 528/2012 art. 72: the sentence and the forbidden claims', () => {
  it('words the sentence with the product type', () => {
    expect(biocideSentence('TP18')).toBe(
      "Utilisez les insecticides avec précaution. Avant toute utilisation, lisez l'étiquette et les informations concernant le produit.",
    );
    expect(biocideSentence('TP14')).toMatch(/^Utilisez les rodenticides avec précaution\./);
    expect(biocideSentence('TP20')).toMatch(/^Utilisez les biocides avec précaution\./);
    // The type's full name (issue 35): TP19 is « Répulsifs et appâts », not only « répulsifs ».
    expect(biocideSentence('TP19')).toMatch(/^Utilisez les répulsifs et appâts avec précaution\./);
  });

  it.each([
    ['Insecticide non toxique', 'non toxique'],
    ['Appât INOFFENSIF pour les enfants', 'inoffensif'],
    ['Pyrèthre naturel concentré', 'naturel'],
    ['Un produit écologique', 'écologique'],
    ['Respectueux de l’environnement', 'respectueux de l’environnement'],
    ["respectueux de l'environnement", 'respectueux de l’environnement'],
    ['Biocide à faible risque', 'biocide à faible risque'],
  ])('finds the claim in « %s »', (text, claim) => {
    expect(forbiddenClaim(text)).toBe(claim);
  });

  it('lets factual words through', () => {
    expect(forbiddenClaim('Produit biocide TP14, usage en station')).toBeNull();
    expect(forbiddenClaim('Naturellement appétent ? non : appât en pâte')).toBeNull();
  });

  it('refuses a forbidden claim in the title or descriptions of a biocide, not of a trap', () => {
    const product = { title: 'Pyrèthre naturel', price: 21.5, biocideType: 'TP18' };
    expect(validateProduct(product)).toContain(PRODUCT_MESSAGES.forbiddenClaim('naturel'));
    expect(
      validateProduct({ ...product, title: 'Pyrèthre', description: 'Sans danger, non toxique' }),
    ).toContain(PRODUCT_MESSAGES.forbiddenClaim('non toxique'));
    expect(validateProduct({ ...product, biocideType: null })).toEqual([]);
  });
});

describe('Certibiocide (arrêté of 9 October 2013)', () => {
  const certificate = { number: 'CB-27-12345', category: 'nuisibles' as const, expiresOn: '2027-06-30' };

  it('a professional-only product needs its category', () => {
    const product = { title: 'Raticide pro', price: 50, biocideType: 'TP14', professionalOnly: true };
    expect(validateProduct(product)).toContain(PRODUCT_MESSAGES.professionalNeedsCategory);
    expect(
      validateProduct({ ...product, certibiocideCategory: 'nuisibles', ammNumber: 'FR-2019-0042' }),
    ).toEqual([]);
    expect(
      validateProduct({
        title: 'Piège',
        price: 5,
        professionalOnly: true,
        certibiocideCategory: 'nuisibles',
      }),
    ).toContain(PRODUCT_MESSAGES.professionalNeedsBiocide);
  });

  it('a professional-only product needs its AMM number (issue 37)', () => {
    const product = { title: 'Raticide pro', price: 50, biocideType: 'TP14', professionalOnly: true };
    expect(validateProduct({ ...product, certibiocideCategory: 'nuisibles' })).toContain(
      PRODUCT_MESSAGES.professionalNeedsAmm,
    );
    expect(validateProduct({ ...product, certibiocideCategory: 'nuisibles', ammNumber: '  ' })).toContain(
      PRODUCT_MESSAGES.professionalNeedsAmm,
    );
  });

  it('an anticoagulant rodenticide is a TP14', () => {
    const product = { title: 'Appât', price: 5, anticoagulantRodenticide: true };
    expect(validateProduct({ ...product, biocideType: 'TP18' })).toContain(
      PRODUCT_MESSAGES.anticoagulantNeedsTp14,
    );
    expect(validateProduct({ ...product, biocideType: 'TP14' })).toEqual([]);
  });

  it('sells only to a signed-in business customer holding a valid certificate of the category', () => {
    const pro = { signedIn: true, business: true };
    expect(
      certificateRefusal({ signedIn: false, business: false, certificate: null }, 'nuisibles', '2026-11-25'),
    ).toBe('guest');
    expect(certificateRefusal({ ...pro, certificate: null }, 'nuisibles', '2026-11-25')).toBe(
      'noCertificate',
    );
    expect(certificateRefusal({ ...pro, certificate }, 'nuisibles', '2027-07-01')).toBe('expired');
    expect(certificateRefusal({ ...pro, certificate }, 'desinfectants', '2026-11-25')).toBe('wrongCategory');
    expect(certificateRefusal({ ...pro, certificate }, 'nuisibles', '2027-06-30')).toBeNull();
  });

  it('refuses a private customer even with a valid certificate, saying why and to call the shop', () => {
    expect(
      certificateRefusal({ signedIn: true, business: false, certificate }, 'nuisibles', '2026-11-25'),
    ).toBe('private');
    expect(PROFESSIONAL_ONLY_MESSAGES.private).toMatch(/particulier.*SIREN.*appelez la boutique/);
  });

  it('counts as a business customer a profile with a company name and a valid SIREN', () => {
    expect(isBusinessProfile({ companyName: 'Dératisation Dupont', siren: '732829320' })).toBe(true);
    expect(isBusinessProfile({ companyName: 'Dératisation Dupont', siren: null })).toBe(false);
    expect(isBusinessProfile({ companyName: 'Dératisation Dupont', siren: '732829321' })).toBe(false);
    expect(isBusinessProfile({ companyName: '  ', siren: '732829320' })).toBe(false);
    expect(isBusinessProfile({ companyName: null, siren: null })).toBe(false);
  });
});

describe('the biocide sales register', () => {
  it('lists each biocide line with the buyer and the certificate, in French CSV', () => {
    const csv = biocideRegisterLines({
      orderNumber: 'CMD-2026-000007',
      at: '2026-11-25T10:30:00.000Z',
      customer: { firstName: 'Paul', lastName: 'Dératiseur', email: 'paul@example.fr' },
      lines: [
        { title: 'Spray anti-punaises', quantity: 3, biocideType: 'TP18', professionalOnly: true },
        { title: 'Piège', quantity: 1 },
      ],
      certibiocide: { number: 'CB-27-12345', category: 'nuisibles', expiresOn: '2027-06-30' },
    });
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect(csv).toContain(
      'CMD-2026-000007;Paul Dératiseur;paul@example.fr;Spray anti-punaises;TP18 – Insecticides, acaricides;Oui;3;CB-27-12345;Certibiocide nuisibles (TP14, TP18, TP20);30/06/2027',
    );
  });
});
