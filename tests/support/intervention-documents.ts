/**
 * A customer's intervention with a sealed report and the invoice from it (issue 37 point 7), for
 * the integration test and the e2e spec of the customer's documents. The request, the devis, its
 * signature at the customer's (with the urgent exception: no payment ban) and « Facturer » go
 * through the real commands; the visit's events and the report are appended as the FIXTURE of
 * sealed-report.ts until the visit's commands land (orders:verify still passes on them). Every number comes from its real series, so it can run in the
 * shared e2e database.
 */
import { randomUUID } from 'node:crypto';
import type { InterventionState } from '../../src/domain/interventions/decider.js';
import { REPORT_PREFIX, reportVisit } from '../../src/domain/interventions/report.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import type { Sql } from '../../src/server/db/client.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { recordOffPremisesSignature, sendDevis } from '../../src/server/interventions/devis.js';
import { invoiceIntervention } from '../../src/server/interventions/invoice.js';
import { interventionModel } from '../../src/server/interventions/model.js';
import { takeNumber } from '../../src/server/invoices/issue.js';
import { handleStreamCommand, readModelStream } from '../../src/server/log/stream-commands.js';
import { sealedReportWithPdf, storeReportPdf } from './sealed-report.js';

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
): Promise<InvoicedIntervention> {
  const at = new Date().toISOString();
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
    { meta: meta('devis'), config },
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
  // The visit (arrived, finished) and its report, as verify recomputes it from the stream.
  const appointmentId = randomUUID();
  const technicianId = 'fixture-technician';
  const step = (k: string) => ({ clientEventId: `${id}-${k}`, appointmentId, at, technicianId });
  const visited = await handleStreamCommand(sql, interventionModel, id, meta('visit'), () => [
    { type: 'VisitArrived' as const, data: step('arrived') },
    { type: 'VisitFinished' as const, data: step('finished') },
  ]);
  const covered = (visited.state as InterventionState).version;
  const { events } = await readModelStream(sql, interventionModel, id);
  const reportNumber = (await sql.begin((tx) => takeNumber(tx, REPORT_PREFIX))).number;
  const { event, pdf, shortCode } = await sealedReportWithPdf({
    number: reportNumber,
    appointmentId,
    coveredThroughVersion: covered,
    interventionNumber: state!.number,
    technician: { technicianId, name: 'Théo Martin' },
    visit: reportVisit(events, appointmentId, covered),
    issuedAt: at,
  });
  await handleStreamCommand(sql, interventionModel, id, meta('report'), () => [event]);
  await storeReportPdf(sql, id, reportNumber, shortCode, pdf);
  const invoiced = await invoiceIntervention(sql, id, { meta: meta('invoice'), config });
  const final = invoiced.state as InterventionState;
  return {
    id,
    number: state!.number,
    reportNumber,
    invoiceNumber: invoiced.number!,
    totalInclCents: final.invoice!.totalInclCents,
  };
}
