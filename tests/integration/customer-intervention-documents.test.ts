/**
 * The customer's intervention documents (issue 37 point 7) on real PostgreSQL: /compte and the
 * signed link list the sealed report and the invoice from it with its status, download the PDFs
 * the back-office has, and refuse another customer's. « Télécharger mes données » holds them;
 * « Supprimer mon compte » keeps them for their legal duration, readable by staff only, and the
 * mails that carried them go (ADR 020).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Services } from '../../src/server/context.js';
import { interventionToken } from '../../src/server/interventions/intervention-link.js';
import { recordInterventionPayment } from '../../src/server/interventions/invoice.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { orderDocumentPdf } from '../../src/server/invoices/queries.js';
import { searchableEml } from '../../src/server/mail/eml.js';
import { sendDueMails } from '../../src/server/mail/outbox.js';
import { createMailer, mailDir } from '../../src/server/mail/transport.js';
import { eraseSubject } from '../../src/server/privacy/erase.js';
import { exportCustomerData } from '../../src/server/privacy/export.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { type InvoicedIntervention, invoicedIntervention } from '../support/intervention-documents.js';
import { SELLER } from '../support/invoices.js';

let db: TestDatabase;
let services: Services;
let admin: Awaited<ReturnType<typeof createUser>>;
let alice: Awaited<ReturnType<typeof createUser>>;
let bruno: Awaited<ReturnType<typeof createUser>>;
let a: InvoicedIntervention;
let b: InvoicedIntervention;
/** A technician of their own for each intervention: one technician's visits never share a slot. */
const technician = async () => {
  const user = await createUser(services, { role: 'technician', firstName: 'Théo', lastName: 'Martin' });
  return { id: user.id, name: 'Théo Martin' };
};

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  await saveIdentity(db.sql, SELLER, null);
  admin = await createUser(services, { role: 'admin' });
  alice = await createUser(services, { firstName: 'Alice', lastName: 'Moreau' });
  bruno = await createUser(services, { firstName: 'Bruno', lastName: 'Petit' });
  a = await invoicedIntervention(
    db.sql,
    { id: alice.id, email: alice.email, name: 'Alice Moreau' },
    services.config,
    await technician(),
  );
  b = await invoicedIntervention(
    db.sql,
    { id: bruno.id, email: bruno.email, name: 'Bruno Petit' },
    services.config,
    await technician(),
  );
}, 120_000);
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
const NOT_FOUND = 'NOT_FOUND: Document introuvable.';
const token = (id: string) => interventionToken(services.config.AUTH_SECRET, id);

describe('/compte and the signed link', () => {
  it('list the report and the invoice, « À régler » until received in full, then « Payée »', async () => {
    const listed = (paid: boolean, label: string) => [
      {
        kind: 'report',
        number: a.reportNumber,
        interventionNumber: a.number,
        issuedAt: expect.any(String),
        totalInclCents: null,
        payment: null,
        // The report's short code, verified on /verifier/{code} (« Mes sites » and the folder show it).
        verificationCode: expect.stringMatching(/^[0-9A-Z]{10}$/),
      },
      {
        kind: 'invoice',
        number: a.invoiceNumber,
        interventionNumber: a.number,
        issuedAt: expect.any(String),
        totalInclCents: a.totalInclCents,
        payment: { paid, label },
        verificationCode: null,
      },
    ];
    expect(await callerAs(services, alice).reports.mine()).toEqual(listed(false, 'À régler'));
    // Unpaid, the invoice keeps its customer, as an unpaid order does (ADR 020).
    const blocked = `Votre compte ne peut pas encore être supprimé : votre intervention ${a.number} (à payer) est en cours. Nous devons d’abord la terminer, ou l’annuler et vous rembourser : contactez-nous, puis supprimez votre compte.`;
    expect(await callerAs(services, alice).account.erasureBlocker()).toBe(blocked);
    expect(
      await codeOf(
        callerAs(services, alice).account.deleteAccount({ password: alice.password, confirm: true }),
      ),
    ).toBe(`CONFLICT: ${blocked}`);
    await recordInterventionPayment(
      db.sql,
      a.id,
      { amountCents: a.totalInclCents, method: 'cheque', day: parisDay(new Date()) },
      { actor: { kind: 'admin', userId: admin.id }, at: new Date().toISOString(), requestId: 'test:pay' },
    );
    expect(await callerAs(services, alice).reports.mine()).toEqual(listed(true, 'Payée'));
    expect(await callerAs(services, alice).account.erasureBlocker()).toBeNull();
    expect(await callerAs(services, null).reports.byToken({ token: token(a.id) })).toEqual(
      listed(true, 'Payée'),
    );
  });

  it('rest on a log that verifies (the shared e2e shop is audited too)', async () => {
    const result = await verifyDatabase(db.sql, 'audit-test-key-0123456789');
    expect(result.problems ?? []).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('download the PDFs the back-office has', async () => {
    const staff = await callerAs(services, admin).invoices.download({ number: a.invoiceNumber });
    expect(await callerAs(services, alice).reports.minePdf({ number: a.invoiceNumber })).toEqual(staff);
    expect(
      await callerAs(services, null).reports.tokenPdf({ token: token(a.id), number: a.invoiceNumber }),
    ).toEqual(staff);
    const report = await callerAs(services, admin).reports.adminPdf({
      interventionId: a.id,
      number: a.reportNumber,
    });
    expect(report.filename).toBe(`rapport-${a.reportNumber}.pdf`);
    expect(await callerAs(services, alice).reports.minePdf({ number: a.reportNumber })).toEqual(report);
  });

  it('refuse another customer’s documents, by account and by link', async () => {
    const mine = await callerAs(services, bruno).reports.mine();
    expect(mine.map((d) => d.number)).toEqual([b.reportNumber, b.invoiceNumber]);
    for (const number of [a.invoiceNumber, a.reportNumber]) {
      expect(await codeOf(callerAs(services, bruno).reports.minePdf({ number }))).toBe(NOT_FOUND);
      expect(await codeOf(callerAs(services, null).reports.tokenPdf({ token: token(b.id), number }))).toBe(
        NOT_FOUND,
      );
    }
    // The orders' reader does not open an intervention's invoice either.
    expect(await codeOf(callerAs(services, alice).account.document({ number: a.invoiceNumber }))).toBe(
      NOT_FOUND,
    );
  });
});

describe('an intervention requested with an account’s address, not from it', () => {
  it('shows in /compte once the address is verified, not before (anyone can sign up with it)', async () => {
    const carol = await createUser(services, { firstName: 'Carole', lastName: 'Leroy' });
    const c = await invoicedIntervention(
      db.sql,
      { id: null, email: carol.email, name: 'Carole Leroy' },
      services.config,
      await technician(),
    );
    expect(await callerAs(services, carol).reports.mine()).toEqual([]);
    expect(await codeOf(callerAs(services, carol).reports.minePdf({ number: c.invoiceNumber }))).toBe(
      NOT_FOUND,
    );
    await db.sql`update users set email_verified = true where id = ${carol.id}`;
    expect((await callerAs(services, carol).reports.mine()).map((d) => d.number)).toEqual([
      c.reportNumber,
      c.invoiceNumber,
    ]);
  });
});

describe('personal data', () => {
  it('« Télécharger mes données » holds the report and the invoice as issued', async () => {
    const archive = await exportCustomerData(db.sql, alice.id);
    const files = unzipSync(new Uint8Array(archive!.zip));
    const json = JSON.parse(strFromU8(files['mes-donnees.json'] as Uint8Array));
    const [intervention] = json.interventions;
    expect(intervention.number).toBe(a.number);
    const reportFile = `rapports/rapport-${a.reportNumber}.pdf`;
    const invoiceFile = `factures/facture-${a.invoiceNumber}.pdf`;
    expect(intervention.reports).toEqual([
      expect.objectContaining({ number: a.reportNumber, file: reportFile }),
    ]);
    expect(intervention.invoices).toEqual([
      expect.objectContaining({
        number: a.invoiceNumber,
        totalInclCents: a.totalInclCents,
        file: invoiceFile,
      }),
    ]);
    const report = await callerAs(services, admin).reports.adminPdf({
      interventionId: a.id,
      number: a.reportNumber,
    });
    const invoice = await callerAs(services, admin).invoices.download({ number: a.invoiceNumber });
    expect(Buffer.from(files[reportFile]!).toString('base64')).toBe(report.base64);
    expect(Buffer.from(files[invoiceFile]!).toString('base64')).toBe(invoice.base64);
    expect(JSON.stringify(json)).not.toContain(b.number);
  });

  it('« Supprimer mon compte » keeps them for staff only and deletes the mails that carried them', async () => {
    const mails = (numbers: string[]) =>
      db.sql<{ n: number }[]>`
        select count(*)::int as n from mail_outbox m
         where exists (select 1 from unnest(${numbers}::text[]) x where position(x in m.subject || m.text_body) > 0)`;
    const aNumbers = [a.number, a.reportNumber, a.invoiceNumber];
    const bNumbers = [b.number, b.reportNumber, b.invoiceNumber];
    expect((await mails(aNumbers))[0]!.n).toBeGreaterThan(0);
    const bMails = (await mails(bNumbers))[0]!.n;
    // Sent as a shop without a mail server sends them: .eml files (ADR 020 removes them by text).
    await sendDueMails(db.sql, createMailer(services.config));
    const emlNaming = async (numbers: string[]) => {
      const dir = mailDir(services.config);
      const names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
      const texts = await Promise.all(
        names.map(async (n) => searchableEml(await readFile(path.join(dir, n), 'latin1'))),
      );
      return texts.filter((t) => numbers.some((x) => t.includes(x.toLowerCase()))).length;
    };
    expect(await emlNaming(aNumbers)).toBeGreaterThan(0);
    const bFiles = await emlNaming(bNumbers);
    const staffBefore = await callerAs(services, admin).invoices.download({ number: a.invoiceNumber });

    await callerAs(services, alice).account.deleteAccount({ password: alice.password, confirm: true });

    // Kept as issued, for admins and auditors.
    expect(await callerAs(services, admin).invoices.download({ number: a.invoiceNumber })).toEqual(
      staffBefore,
    );
    const report = await callerAs(services, admin).reports.adminPdf({
      interventionId: a.id,
      number: a.reportNumber,
    });
    expect(report.filename).toBe(`rapport-${a.reportNumber}.pdf`);
    // No longer given by the signed link, nor by the documents' reader it goes through.
    await expect(orderDocumentPdf(db.sql, a.id, a.invoiceNumber)).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
    });
    expect(await callerAs(services, null).reports.byToken({ token: token(a.id) })).toEqual([]);
    for (const number of [a.invoiceNumber, a.reportNumber])
      expect(await codeOf(callerAs(services, null).reports.tokenPdf({ token: token(a.id), number }))).toBe(
        NOT_FOUND,
      );
    // The mails that named the intervention, its report or its invoice are gone; Bruno's stay.
    expect((await mails(aNumbers))[0]!.n).toBe(0);
    expect((await mails(bNumbers))[0]!.n).toBe(bMails);
    expect(await emlNaming(aNumbers)).toBe(0);
    expect(await emlNaming(bNumbers)).toBe(bFiles);
    expect(await callerAs(services, bruno).reports.mine()).toHaveLength(2);
  });
});

describe('the erasure’s account', () => {
  it('counts the report and the invoice it keeps', async () => {
    const { counts } = await db.sql.begin((tx) =>
      eraseSubject(
        tx,
        { userId: bruno.id, emails: [], accountEmail: bruno.email, guestOrderIds: [] },
        { reason: 'admin-request', actor: { kind: 'admin', userId: admin.id }, requestId: 'test:erase' },
      ),
    );
    expect(counts).toMatchObject({ interventions: 1, legalHoldDocuments: 2 });
  });
});
