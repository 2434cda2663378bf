import type { RequestFields } from '../../src/server/interventions/commands.js';

/** A visitor's request for an intervention (wasps, an old house), its name and email numbered `n`. */
export const requestFields = (n: number): RequestFields => ({
  name: `Camille Durand ${n}`,
  email: `camille${n}@example.fr`,
  phone: '+33612345678',
  service: 'guepe',
  siteType: 'logement_ancien',
  street: '12 rue des Lilas',
  zipCode: '27000',
  city: 'Évreux',
  urgency: 'urgent',
  preferredSlots: ['matin'],
  message: 'Nid de guêpes sous le toit',
  callbackConsent: true,
});
