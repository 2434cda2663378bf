import type { InterventionState } from '../../src/domain/interventions/decider.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { Sql } from '../../src/server/db/client.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { recordOffPremisesSignature, sendDevis } from '../../src/server/interventions/devis.js';
import { invoiceIntervention } from '../../src/server/interventions/invoice.js';
import { sealedVisit } from './treatments.js';

export interface InvoicedIntervention {
  id: string;
  number: string;
  reportNumber: string;
  invoiceNumber: string;
  totalInclCents: number;
}

export async function invoicedIntervention(
  sql: Sql,
  customer: { id: string | null; email: string; name: string },
  config: { PUBLIC_URL: string; AUTH_SECRET: string },
  /** A user of role « Technicien »: the one the appointment is booked for. */
  technician: { id: string; name: string },
): Promise<InvoicedIntervention> {
  // Requested, sent and signed three days ago; visited and sealed two days ago; invoiced now.
  const at = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
  const meta = (step: string) => ({
    actor: { kind: 'admin' as const, userId: 'fixture-admin' },
    at,
    requestId: `fixture:${step}`,
  });
  const { state } = await openIntervention(
    sql,
    {
      name: customer.name,
      email: customer.email,
      phone: '+33612345678',
      service: 'deratisation',
      siteType: 'logement_ancien',
      street: '12 rue des Lilas',
      zipCode: '27400',
      city: 'Louviers',
      urgency: 'urgent',
      preferredSlots: ['matin'],
      message: 'Rats à la cave',
      callbackConsent: true,
    },
    { meta: { ...meta('request'), actor: { kind: 'guest' } }, source: 'form', customerId: customer.id },
  );
  const id = state!.id;
  const sent = await sendDevis(
    sql,
    id,
    {
      siteType: 'logement_ancien',
      customerKind: 'particulier',
      companyName: '',
      siren: '',
      headcount: null,
      activity: '',
      description: 'Dératisation de la cave.',
      validityDays: 30,
      lines: [{ kind: 'labour', rateIndex: 0, minutes: 60 }],
    },
    { meta: meta('devis'), config, clock: async () => new Date(at) },
  );
  await recordOffPremisesSignature(
    sql,
    id,
    {
      number: sent.number!,
      signerName: customer.name,
      signedOn: parisDay(new Date(at)),
      urgentWords: 'Je demande que l’intervention ait lieu en urgence.',
      expressRequest: true,
      acknowledgement: true,
    },
    meta('signature'),
  );
  // The visit, booked and recorded the day after the signature, and its report, signed and sealed:
  // through the commands the technician's phone and the sealing screen run.
  const { number: reportNumber } = await sealedVisit(
    { sql, config },
    { interventionId: id, technician, arrivedAt: new Date(Date.parse(at) + 24 * 3600_000).toISOString() },
  );
  const invoiced = await invoiceIntervention(sql, id, {
    meta: { ...meta('invoice'), at: new Date().toISOString() },
    config,
  });
  const final = invoiced.state as InterventionState;
  return {
    id,
    number: state!.number,
    reportNumber,
    invoiceNumber: invoiced.number!,
    totalInclCents: final.invoice!.totalInclCents,
  };
}
