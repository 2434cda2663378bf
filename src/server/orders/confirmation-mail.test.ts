import { describe, expect, it } from 'vitest';
import { orderConfirmationMail } from './confirmation-mail.js';

const order = {
  id: '6f1c1a8e-8d55-4d3c-9e0e-2f5b2b7f6a10',
  orderNumber: 'CMD-2026-000042',
  items: [
    { title: 'Piège à rats', quantity: 2, unitPriceCents: 1490, totalPriceCents: 2980 },
    { title: 'Station <sécurisée>', quantity: 1, unitPriceCents: 1990, totalPriceCents: 1990 },
  ],
  subtotalCents: 4970,
  shippingCostCents: 0,
  taxCents: 828,
  totalAmountCents: 4970,
  deliveryMethod: 'delivery' as const,
  customer: {
    firstName: 'Marie',
    lastName: 'Durand',
    email: 'marie@example.fr',
    phone: '0612345678',
    address: '12 rue des Lilas',
    city: 'Évreux',
    zipCode: '27000',
  },
};
const contact = {
  name: 'Hygiène - Anti-nuisibles 27',
  phone: '02 32 00 00 00',
  email: 'boutique@example.fr',
  address: '1 rue du Marché, 27000 Évreux',
};
const links = { orderUrl: 'https://shop.example/commande/abc.def' };
const plain = (s: string) => s.replace(/\u202f|\u00a0/g, ' ');

describe('order confirmation mail', () => {
  it('is French, keyed by the order, with number, lines, total, delivery and next steps', () => {
    const mail = orderConfirmationMail(order, contact, links);
    expect(mail.dedupeKey).toBe(`order-confirmation:${order.id}`);
    expect(mail.to).toBe('marie@example.fr');
    expect(mail.subject).toBe('Confirmation de votre commande CMD-2026-000042');
    const text = plain(mail.text);
    expect(text).toContain('Bonjour Marie Durand,');
    expect(text).toContain('- Piège à rats × 2 : 29,80 €');
    expect(text).toContain('Total : 49,70 €');
    expect(text).toContain('dont TVA : 8,28 €');
    expect(text).toContain('Livraison : Gratuite');
    expect(text).toContain('Livraison (gratuite) : 12 rue des Lilas, 27000 Évreux');
    expect(text).toContain('1. Vous recevez cet email de confirmation');
    expect(text).toContain('2. Nous vous contactons pour organiser le paiement et la livraison.');
    expect(text).toContain('02 32 00 00 00');
    expect(text).toContain('1 rue du Marché, 27000 Évreux');
  });

  it('shows the delivery cost the order recorded and the shop name of the settings', () => {
    const mail = orderConfirmationMail(
      { ...order, shippingCostCents: 599, totalAmountCents: 5569 },
      { ...contact, name: 'La Boutique Test', phone: '' },
      links,
    );
    const text = plain(mail.text);
    expect(text).toContain('Livraison : 5,99 €');
    expect(text).toContain('Livraison (5,99 €) : 12 rue des Lilas');
    expect(text).toContain('Une question ? Écrivez-nous à boutique@example.fr.');
    expect(mail.html).toContain('La Boutique Test');
    expect(mail.html).not.toContain('Hygiène - Anti-nuisibles 27');
  });

  it('escapes product names in the HTML part and names pickup on Saturday', () => {
    const mail = orderConfirmationMail({ ...order, deliveryMethod: 'pickup' }, contact, links);
    expect(mail.html).toContain('Station &lt;sécurisée&gt;');
    expect(mail.html).not.toContain('<sécurisée>');
    expect(plain(mail.text)).toContain('Retrait en boutique (samedi uniquement)');
    expect(mail.text).not.toContain('12 rue des Lilas');
  });

  it('carries the signed order link, the withdrawal terms, the hygiene exception and the model form (R221-1)', () => {
    const mail = orderConfirmationMail(order, contact, { orderUrl: 'https://shop.example/commande/abc.def' });
    const text = plain(mail.text);
    expect(text).toContain('Voir ma commande : https://shop.example/commande/abc.def');
    expect(text).toContain('« Renoncer au contrat ici »');
    expect(text).toContain('article L221-28 5°');
    expect(text).toContain('Formulaire de rétractation :');
    expect(text).toContain(
      "À l'attention de Hygiène - Anti-nuisibles 27, 1 rue du Marché, 27000 Évreux, boutique@example.fr :",
    );
    expect(text).toContain('(*) Rayez la mention inutile.');
  });
});

describe('order confirmation mail of a biocide (Reg. 528/2012 art. 72)', () => {
  it('carries the sentence with the product type, once per type', () => {
    const biocides = {
      ...order,
      items: [
        {
          title: 'Appâts en pâte',
          quantity: 1,
          unitPriceCents: 1690,
          totalPriceCents: 1690,
          biocideType: 'TP14',
        },
        {
          title: 'Aérosol guêpes',
          quantity: 2,
          unitPriceCents: 1190,
          totalPriceCents: 2380,
          biocideType: 'TP18',
        },
        {
          title: 'Spray punaises',
          quantity: 1,
          unitPriceCents: 1590,
          totalPriceCents: 1590,
          biocideType: 'TP18',
        },
      ],
    };
    const text = orderConfirmationMail(biocides, contact, links).text;
    expect(text).toContain(
      "Utilisez les rodenticides avec précaution. Avant toute utilisation, lisez l'étiquette et les informations concernant le produit.",
    );
    expect(text.split('Utilisez les insecticides avec précaution').length).toBe(2);
    expect(orderConfirmationMail(order, contact, links).text).not.toContain('Utilisez les');
  });
});
