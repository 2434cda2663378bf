/**
 * Sealed reports (issue 37 point 4, ADR 038) on real PostgreSQL: sealed after « Terminé » by the
 * appointment's technician with both signatures (or « client absent »), numbered in the RI series,
 * the PDF with its QR code and short code stored and mailed through the outbox; the public
 * verification by code (no personal data, rate limited, an unknown code answered alike); signed
 * addenda; /compte and the signed link; orders:verify catching an edited report event or PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisWeek } from '../../src/domain/interventions/appointments.js';
import { printedShortCode } from '../../src/domain/interventions/report.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Services } from '../../src/server/context.js';
import { openIntervention, type RequestFields } from '../../src/server/interventions/commands.js';
import { interventionToken } from '../../src/server/interventions/intervention-link.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import {
  reportContentHash,
  VERIFY_FLOOR_MS,
  VERIFY_LIMIT,
  verifyReportCode,
} from '../../src/server/interventions/reports.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { sha256 } from '../../src/server/invoices/pdf.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { SELLER } from '../support/invoices.js';
import { createTechnician } from '../support/technicians.js';
import {
  createBiocide,
  fieldOf,
  recordedVisit,
  sealedVisit,
  treatmentAction,
} from '../support/treatments.js';

const KEY = 'audit-test-key-0123456789';
let db: TestDatabase;
let services: Services;
let admin: Awaited<ReturnType<typeof createUser>>;
let tech: Awaited<ReturnType<typeof createUser>>;
let otherTech: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let ratBait: string;
const tuesday = parisWeek(addDays(new Date().toISOString().slice(0, 10), 21)).days[1]!;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  await saveIdentity(db.sql, SELLER, null);
  admin = await createUser(services, { role: 'admin' });
  tech = await createTechnician(
    services,
    { firstName: 'Théo', lastName: 'Martin' },
    { number: 'CB-2024-777', category: 'nuisibles', expiresOn: '2029-05-31' },
  );
  ratBait = await createBiocide(db.sql, {
    title: 'Pâte raticide brodifacoum',
    ammNumber: 'FR-2019-0123',
    biocideType: 'TP14',
    certibiocideCategory: 'nuisibles',
    antidote: 'Vitamine K1',
    reentryDelayHours: 0,
    anticoagulantRodenticide: true,
  });
  otherTech = await createUser(services, { role: 'technician', firstName: 'Inès', lastName: 'Roux' });
  customer = await createUser(services, { email: 'camille.report@example.fr' });
});
afterAll(async () => {
  await db.drop();
});

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
};

let n = 0;
/** A real request and appointment through the existing commands. */
async function bookedIntervention(email: string | null = null, customerId: string | null = null) {
  n += 1;
  const request: RequestFields = {
    name: `Camille Durand ${n}`,
    email: email ?? `client${n}@example.fr`,
    phone: '+33612345678',
    service: 'deratisation',
    siteType: 'logement_ancien',
    street: '12 rue des Lilas',
    zipCode: '27400',
    city: 'Louviers',
    urgency: 'semaine',
    preferredSlots: ['matin'],
    message: 'Rats à la cave',
    callbackConsent: true,
  };
  const { state } = await openIntervention(db.sql, request, {
    meta: { actor: { kind: 'guest' }, at: new Date().toISOString(), requestId: 't' },
    source: 'form',
    customerId,
  });
  const id = state!.id;
  const { appointmentId } = await callerAs(services, admin).planning.book({
    interventionId: id,
    technicianId: tech.id,
    // One visit a day: no two of them within the technician's travel buffer.
    day: addDays(tuesday, n),
    time: '09:00',
    durationMinutes: 60,
  });
  return { id, appointmentId };
}

/**
 * The visit through the real commands (tests/support/treatments.ts), the last two hours: « Sur
 * place », an observation, the professional rat bait, safety advice, a recommendation, the
 * customer's remark, then « Terminé » (unless `finish: false`).
 */
async function recordVisit(id: string, appointmentId: string, options: { finish?: boolean } = {}) {
  await recordedVisit(fieldOf(services), {
    interventionId: id,
    appointmentId,
    technician: tech,
    arrivedAt: new Date(Date.now() - 120 * 60_000).toISOString(),
    departMinutes: null,
    actions: [
      {
        type: 'RecordObservation',
        pest: 'Rats',
        zone: 'Cave',
        level: 'forte',
        evidence: 'Déjections, sacs rongés',
        minutes: 5,
      },
      treatmentAction(ratBait, 20, { zone: 'Cave', target: 'Rats' }),
      {
        type: 'GiveSafetyAdvice',
        reentryDelayHours: 0,
        ventilation: 'Aérer la cave 1 h',
        productId: ratBait,
        minutes: 25,
      },
      { type: 'AddRecommendation', text: 'Boucher le soupirail', minutes: 30 },
      { type: 'AddCustomerRemark', text: 'Travail soigné', minutes: 35 },
    ],
    finishMinutes: options.finish === false ? null : 40,
  });
}

const strokes = 'M 20 80 C 40 20 60 20 80 70 L 120 40 Q 160 10 200 60 L 260 50';
const techSig = { name: 'Théo Martin', strokes };
const customerSig = { name: 'Camille Durand', strokes: 'M 30 60 L 90 90 L 150 30 L 210 90' };

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
  const file = path.join(dir, 'r.pdf');
  writeFileSync(file, pdf);
  return { dir, file, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
};

/** Renders the PDF's first page and decodes the QR code in its top-right corner. */
async function decodeQr(pdf: Buffer): Promise<string | null> {
  const { dir, file } = pdfText(pdf);
  execFileSync('pdftoppm', [
    '-r',
    '150',
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(dir, 'p'),
  ]);
  const png = sharp(readFileSync(path.join(dir, 'p.png')));
  const { width = 0 } = await png.metadata();
  const { data, info } = await png
    .extract({ left: Math.round(width / 2), top: 0, width: width - Math.round(width / 2), height: 600 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

const outbox = async (to: string) =>
  await db.sql<
    { subject: string; textBody: string; attachments: { filename: string; contentBase64: string }[] }[]
  >`select subject, text_body, attachments from mail_outbox where to_address = ${to} and kind = 'report' order by id`;

let sealed: { id: string; appointmentId: string; number: string; shortCode: string; email: string };

describe('sealing', () => {
  it('refuses a report before « Terminé », and changes nothing', async () => {
    const { id, appointmentId } = await bookedIntervention();
    await recordVisit(id, appointmentId, { finish: false });
    const before = await db.sql`select count(*)::int as c from events`;
    expect(
      await codeOf(
        callerAs(services, tech).reports.seal({
          interventionId: id,
          appointmentId,
          technician: techSig,
          customer: customerSig,
          customerAbsent: false,
        }),
      ),
    ).toBe('BAD_REQUEST: Le rapport ne peut être établi qu’après « Terminé » sur ce rendez-vous.');
    expect(await db.sql`select count(*)::int as c from events`).toEqual(before);
    expect((await db.sql`select count(*)::int as c from report_documents`)[0]!.c).toBe(0);
  });

  it('seals, numbers RI-YYYY-000001, stores the PDF and mails it with its QR code and short code', async () => {
    const email = 'camille.report@example.fr';
    const { id, appointmentId } = await bookedIntervention(email, customer.id);
    await recordVisit(id, appointmentId);
    // Another technician cannot seal it: the intervention is unknown to them.
    expect(
      await codeOf(
        callerAs(services, otherTech).reports.seal({
          interventionId: id,
          appointmentId,
          technician: techSig,
          customer: customerSig,
          customerAbsent: false,
        }),
      ),
    ).toBe('NOT_FOUND: Intervention introuvable.');
    // No customer signature and no « client absent »: refused.
    expect(
      await codeOf(
        callerAs(services, tech).reports.seal({
          interventionId: id,
          appointmentId,
          technician: techSig,
          customer: null,
          customerAbsent: false,
        }),
      ),
    ).toMatch(/^BAD_REQUEST: Faites signer le client/);
    const result = await callerAs(services, tech).reports.seal({
      interventionId: id,
      appointmentId,
      technician: techSig,
      customer: customerSig,
      customerAbsent: false,
    });
    const year = new Date().getFullYear();
    expect(result.number).toMatch(new RegExp(`^RI-${year}-000001$`));
    expect(result.shortCode).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
    sealed = { id, appointmentId, number: result.number!, shortCode: result.shortCode!, email };

    const [event] = await db.sql<{ data: Record<string, never>; version: number }[]>`
      select data, version from events where stream_id = ${id} and type = 'ReportSealed'`;
    const data = event!.data as unknown as {
      contentHash: string;
      pdfSha256: string;
      coveredThroughVersion: number;
      report: Parameters<typeof reportContentHash>[0];
    };
    expect(data.coveredThroughVersion).toBe(event!.version - 1);
    expect(reportContentHash(data.report)).toBe(data.contentHash);

    const [mail] = await outbox(email);
    expect(mail!.subject).toBe(`Votre rapport d'intervention ${result.number}`);
    expect(mail!.textBody).toContain(`/verifier/${result.shortCode}`);
    const pdf = Buffer.from(mail!.attachments[0]!.contentBase64, 'base64');
    expect(mail!.attachments[0]!.filename).toBe(`rapport-${result.number}.pdf`);
    expect(sha256(pdf)).toBe(data.pdfSha256);
    const [stored] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from report_documents where number = ${result.number}`;
    expect(sha256(stored!.pdf)).toBe(data.pdfSha256);

    const { text, file } = pdfText(pdf);
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, readFileSync(file));
    for (const expected of [
      "RAPPORT D'INTERVENTION",
      result.number!,
      printedShortCode(result.shortCode!),
      'FR-2019-0123',
      'Pâte raticide brodifacoum',
      '150 g',
      'Certibiocide n° CB-2024-777',
      'valide',
      'Boucher le soupirail',
      'Travail soigné',
      'Vitamine K1',
      'Camille Durand',
      data.contentHash,
    ])
      expect(text).toContain(expected);
    expect(await decodeQr(pdf)).toBe(
      `${services.config.PUBLIC_URL.replace(/\/$/, '')}/verifier/${result.shortCode}`,
    );
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
  });

  it('seals once per appointment', async () => {
    expect(
      await codeOf(
        callerAs(services, admin).reports.seal({
          interventionId: sealed.id,
          appointmentId: sealed.appointmentId,
          technician: techSig,
          customer: null,
          customerAbsent: true,
        }),
      ),
    ).toMatch(/^CONFLICT: Le rapport de ce rendez-vous est déjà scellé/);
  });

  it('moves the intervention to « Réalisés », where its episode still takes the proposed inspection', async () => {
    const list = (status: 'scheduled' | 'done') =>
      callerAs(services, admin).interventions.list({ status, search: sealed.email, urgentOnly: false });
    expect((await list('done')).map((r) => r.id)).toContain(sealed.id);
    expect((await list('scheduled')).map((r) => r.id)).not.toContain(sealed.id);
    // The rat treatment opened an episode: the owner books its inspection (ADR 037) after the report.
    await callerAs(services, admin).planning.book({
      interventionId: sealed.id,
      technicianId: tech.id,
      day: addDays(tuesday, 40),
      time: '09:00',
      durationMinutes: 60,
    });
    expect((await list('done')).map((r) => r.id)).toContain(sealed.id);
  });

  it('seals « client absent » as an explicit choice, the next number of the series', async () => {
    const { id, appointmentId } = await bookedIntervention();
    await recordVisit(id, appointmentId);
    const result = await callerAs(services, admin).reports.seal({
      interventionId: id,
      appointmentId,
      technician: techSig,
      customer: null,
      customerAbsent: true,
    });
    expect(result.number).toMatch(/-000002$/);
    const [row] = await db.sql<{ data: { customer: unknown } }[]>`
      select data from events where stream_id = ${id} and type = 'ReportSealed'`;
    expect(row!.data.customer).toBeNull();
  });
});

describe('numbering', () => {
  it('numbers a report in the series of its Paris year: 23:59 on 31 December is still that year', async () => {
    const sealedAt = async (arrivedAt: string, slot: string) => {
      const { id } = await bookedIntervention();
      return (
        await sealedVisit(fieldOf(services), {
          interventionId: id,
          technician: tech,
          arrivedAt,
          slot,
          actions: [treatmentAction(ratBait, 10)],
          finishMinutes: 30,
          sealMinutes: 29,
        })
      ).number;
    };
    // Sealed at 22:59 UTC (23:59 in Paris) on 31 December 2026, then at 23:00 UTC (midnight in Paris).
    expect(await sealedAt('2026-12-31T22:00:00.000Z', '16:00')).toMatch(/^RI-2026-\d{6}$/);
    expect(await sealedAt('2026-12-31T22:01:00.000Z', '18:00')).toMatch(/^RI-2027-\d{6}$/);
  });
});

describe('the public verification', () => {
  it('shows date, town, products with AMM, certificate status, and no personal data', async () => {
    const view = await callerAs(services, null).reports.verify({ code: printedShortCode(sealed.shortCode) });
    expect(view).toMatchObject({
      number: sealed.number,
      town: 'Louviers',
      products: [{ productTitle: 'Pâte raticide brodifacoum', ammNumber: 'FR-2019-0123' }],
      applicators: [{ status: 'valid', category: 'nuisibles' }],
      addenda: [],
    });
    const text = JSON.stringify(view);
    for (const personal of [
      'Camille',
      'Durand',
      'Lilas',
      'Théo',
      'camille.report',
      '612345678',
      'CB-2024-777',
    ])
      expect(text).not.toContain(personal);
  });

  it('answers an unknown code in French, as slowly as a known one', async () => {
    const time = async (code: string) => {
      const t = performance.now();
      const outcome = await codeOf(verifyReportCode(db.sql, '198.51.100.7', code));
      return { outcome, ms: performance.now() - t };
    };
    const known = await time(sealed.shortCode);
    const unknown = await time('ABCDEFGHJK');
    const garbage = await time('x');
    expect(known.outcome).toBe('ok');
    expect(unknown.outcome).toMatch(/Aucun rapport ne correspond à ce code/);
    expect(garbage.outcome).toBe(unknown.outcome);
    // Every answer waits out the same floor, so its time says nothing about the code. Only the floor
    // is asserted: an upper bound or a difference between two timings fails on a loaded machine.
    for (const t of [known, unknown, garbage]) expect(t.ms).toBeGreaterThanOrEqual(VERIFY_FLOOR_MS - 1);
  });

  it('is rate limited per client address', async () => {
    const ip = '203.0.113.9';
    const outcomes = await Promise.all(
      Array.from({ length: VERIFY_LIMIT.max + 1 }, () => codeOf(verifyReportCode(db.sql, ip, 'ABCDEFGHJK'))),
    );
    expect(outcomes.filter((o) => o.includes('Trop de vérifications'))).toHaveLength(1);
  });
});

describe('addenda', () => {
  it('seals a signed addendum, mails it, and the page says an addendum follows', async () => {
    expect(
      await codeOf(
        callerAs(services, tech).reports.addendum({
          interventionId: sealed.id,
          reportNumber: sealed.number,
          text: '   ',
          technician: techSig,
        }),
      ),
    ).toMatch(/^BAD_REQUEST: Écrivez la correction/);
    const { addendum } = await callerAs(services, tech).reports.addendum({
      interventionId: sealed.id,
      reportNumber: sealed.number,
      text: 'Quantité appliquée corrigée : 120 g au lieu de 150 g.',
      technician: techSig,
    });
    expect(addendum).toBe(1);
    const mails = await outbox(sealed.email);
    expect(mails.at(-1)!.subject).toBe(`Additif n° 1 à votre rapport ${sealed.number}`);
    const pdf = Buffer.from(mails.at(-1)!.attachments[0]!.contentBase64, 'base64');
    expect(pdfText(pdf).text).toContain('Quantité appliquée corrigée');
    const view = await callerAs(services, null).reports.verify({ code: sealed.shortCode });
    expect(view.addenda).toEqual([expect.objectContaining({ addendum: 1, pdfSha256: sha256(pdf) })]);
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
    expect((await replayInterventions(db.sql)).differences).toEqual([]);
  });
});

describe('the customer', () => {
  it('finds the report in /compte and on the signed link, and downloads the PDF', async () => {
    const mine = await callerAs(services, customer).reports.mine();
    expect(mine.map((d) => [d.kind, d.number])).toEqual([
      ['report', sealed.number],
      ['addendum', `${sealed.number}-A1`],
    ]);
    const pdf = await callerAs(services, customer).reports.minePdf({ number: sealed.number });
    const [event] = await db.sql<{ pdf: string }[]>`
      select data ->> 'pdfSha256' as pdf from events where stream_id = ${sealed.id} and type = 'ReportSealed'`;
    expect(sha256(Buffer.from(pdf.base64, 'base64'))).toBe(event!.pdf);
    const other = await createUser(services);
    expect(await callerAs(services, other).reports.mine()).toEqual([]);
    expect(await codeOf(callerAs(services, other).reports.minePdf({ number: sealed.number }))).toBe(
      'NOT_FOUND: Document introuvable.',
    );
    const token = interventionToken(services.config.AUTH_SECRET, sealed.id);
    expect(await callerAs(services, null).reports.byToken({ token })).toEqual(mine);
    const viaLink = await callerAs(services, null).reports.tokenPdf({ token, number: `${sealed.number}-A1` });
    expect(viaLink.filename).toBe(`rapport-${sealed.number}-additif-1.pdf`);
  });
});

describe('orders:verify', () => {
  it('catches a stored report PDF whose SHA-256 no longer matches its event', async () => {
    const [before] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from report_documents where number = ${sealed.number}`;
    const edited = Buffer.from(before!.pdf);
    edited[edited.length - 20] = edited[edited.length - 20]! ^ 1;
    // The table refuses any change; behind the trigger's back (a superuser), verify still sees it.
    expect(
      await codeOf(db.sql`update report_documents set pdf = ${edited} where number = ${sealed.number}`),
    ).toMatch(/report documents are never changed or deleted/);
    const behindTheTrigger = (pdf: Buffer) =>
      db.sql.begin(async (tx) => {
        await tx`alter table report_documents disable trigger report_documents_immutable`;
        await tx`update report_documents set pdf = ${pdf} where number = ${sealed.number}`;
        await tx`alter table report_documents enable trigger report_documents_immutable`;
      });
    await behindTheTrigger(edited);
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.message)).toContain(
      `${sealed.number}: the stored PDF differs from the one sealed (hash)`,
    );
    await behindTheTrigger(before!.pdf);
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
  });

  it('catches an edited report event', async () => {
    const [row] = await db.sql<{ position: number; data: unknown }[]>`
      select position, data from events where stream_id = ${sealed.id} and type = 'ReportSealed'`;
    await db.sql`
      update events set data = jsonb_set(data, '{report,visit,treatments,0,quantity}', '15')
       where position = ${row!.position}`;
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.ok).toBe(false);
    const messages = report.problems.map((p) => `${p.kind}: ${p.message}`);
    // The chain's hash breaks at that position, and the report's own content no longer matches.
    expect(report.problems.some((p) => p.position === Number(row!.position) && p.kind === 'hash')).toBe(true);
    expect(messages).toContain(`document: ${sealed.number}: its content does not match its hash`);
    expect(messages).toContain(
      `document: ${sealed.number}: the visit it states differs from the stream's events`,
    );
    await db.sql`update events set data = ${db.sql.json(row!.data as never)} where position = ${row!.position}`;
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
  });
});
