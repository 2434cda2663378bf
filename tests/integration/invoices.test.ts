import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandatoryMentions } from '../../src/domain/invoices/document.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { issueCreditNote, issueInvoice } from '../../src/server/invoices/issue.js';
import { renderDocumentPdf, sha256 } from '../../src/server/invoices/pdf.js';
import { orderDocumentPdf } from '../../src/server/invoices/queries.js';
import { mailTransaction } from '../../src/server/mail/outbox.js';
import { orderLinkUrl, orderToken } from '../../src/server/orders/order-link.js';
import type { TestDatabase } from '../support/db.js';
import { xsdErrors } from '../support/factur-x-xsd.js';
import { startHttpApp } from '../support/http-app.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
const system = { kind: 'system' as const, name: 'test' };
const orderUrl = (orderId: string) => `https://shop.example/commande/${orderId}`;

const IDENTITY = SELLER;

beforeAll(async () => {
  shop = await testShop();
  ({ db } = shop);
});
afterAll(async () => {
  await shop.drop();
});

async function newOrder(
  business: { companyName: string; siren: string; vatNumber: string } | null = null,
  customerId: string | null = null,
) {
  const product = await createProduct(db.sql, { title: 'Piège à guêpes écologique', stockQuantity: 50 });
  return await placeOrder(
    db.sql,
    {
      customerId,
      customer: customerForm,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 3 }],
      business,
    },
    guest,
  );
}

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  // Spaces of every kind (French thousands, no-break) read as one plain space.
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[\s\u00a0\u202f]+/g,
    ' ',
  );
};
const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** The whole total received in cash today, through the back-office's « Enregistrer un paiement ». */
async function payInFull(orderId: string) {
  const [row] = await db.sql<{ total: number; version: number }[]>`
    select total_amount_cents as total, version from orders where id = ${orderId}`;
  return await shop.as('admin').orders.recordPayment({
    orderId,
    amountCents: row!.total,
    method: 'cash',
    day: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }),
  });
}

const documents = async (orderId: string) =>
  await db.sql<{ number: string; type: string }[]>`
    select data #>> '{document,number}' as number, type from events
     where stream_id = ${orderId} and type in ('InvoiceIssued', 'CreditNoteIssued') order by position`;

describe('invoices', () => {
  it('a paid order gets no invoice while the identity is incomplete, and "Émettre" names what is missing', async () => {
    const order = await newOrder();
    await payInFull(order.id);
    expect(await documents(order.id)).toEqual([]);
    await expect(
      mailTransaction(db.sql, (tx) => issueInvoice(tx, order.id, system, orderUrl)),
    ).rejects.toMatchObject({
      code: 'SELLER_IDENTITY_INCOMPLETE',
      message: expect.stringContaining('Raison sociale'),
    });
    const [counter] = await db.sql`select count(*)::int as n from number_counters where series ~ '^(FA|AV)-'`;
    expect(counter?.n).toBe(0);
  });

  it('paid in full: FA-<year>-000001 issued in the same transaction, PDF stored, hashed and mailed', async () => {
    await saveIdentity(db.sql, IDENTITY, null);
    const order = await newOrder();
    const result = await payInFull(order.id);
    const year = new Date().getFullYear();
    const [doc] = await documents(order.id);
    expect(doc).toEqual({ number: `FA-${year}-000001`, type: 'InvoiceIssued' });
    // The screen gets the version after the invoice, so its next change is not refused as stale.
    const [row] = await db.sql<{ version: number }[]>`select version from orders where id = ${order.id}`;
    expect(result.version).toBe(row?.version);
    const [stored] = await db.sql<{ pdf: Buffer; sha256: string }[]>`
      select pdf, sha256 from invoice_documents where number = ${doc?.number ?? ''}`;
    expect(sha256(stored!.pdf)).toBe(stored!.sha256);
    const [mail] = await db.sql<
      { attachments: { filename: string; contentBase64: string }[]; toAddress: string; textBody: string }[]
    >`
      select attachments, to_address, text_body from mail_outbox where dedupe_key = ${`invoice:${doc?.number}`}`;
    expect(mail?.toAddress).toBe(customerForm.email);
    // A guest has no account: the mail points to the order's signed page, never « votre compte ».
    const link = orderLinkUrl(shop.services.config.PUBLIC_URL, shop.services.config.AUTH_SECRET, order.id);
    expect(mail?.textBody).toContain(`Voir ma commande : ${link}`);
    expect(mail?.textBody).not.toContain('votre compte');
    expect(mail?.attachments[0]?.filename).toBe(`facture-FA-${year}-000001.pdf`);
    expect(Buffer.from(mail!.attachments[0]!.contentBase64, 'base64').equals(stored!.pdf)).toBe(true);
  });

  it('the PDF holds every mandatory mention, renders to the same bytes, and carries the Factur-X XML', async () => {
    const order = await newOrder({
      companyName: 'Camping des Pommiers',
      siren: '552100554',
      vatNumber: 'FR40552100554',
    });
    const issued = await mailTransaction(db.sql, (tx) => issueInvoice(tx, order.id, system, orderUrl));
    const [stored] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from invoice_documents where number = ${issued.number}`;
    const pdf = stored!.pdf;
    const again = await renderDocumentPdf(issued.document);
    expect(again.equals(pdf)).toBe(true);
    expect(sha256(again)).toBe(issued.pdfSha256);
    const text = pdfText(pdf);
    for (const mention of mandatoryMentions(issued.document)) expect(text).toContain(squash(mention));
    // Business buyer: its SIREN, the late penalties and the 40 € fee.
    expect(text).toContain('SIREN 552100554');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    expect(text).toContain("trois fois le taux d'intérêt légal");
    // Totals per rate: 3 × the product's price TTC at 20 %.
    const vat = issued.document.vat[0]!;
    expect(vat.rate).toBe(20);
    expect(vat.baseCents + vat.vatCents).toBe(issued.document.totalInclCents);
    // The XML is attached (pdfdetach lists the embedded files).
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const list = execFileSync('pdfdetach', ['-list', path.join(dir, 'doc.pdf')], { encoding: 'utf8' });
    expect(list).toContain('factur-x.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'fx.xml'), path.join(dir, 'doc.pdf')]);
    // The attached XML is valid against the Factur-X EN 16931 profile XSD.
    expect(xsdErrors(readFileSync(path.join(dir, 'fx.xml'), 'utf8'))).toBe('');
  });

  it('a partial refund issues an avoir citing the invoice; more than what remains is refused', async () => {
    const order = await newOrder();
    const invoice = await mailTransaction(db.sql, (tx) => issueInvoice(tx, order.id, system, orderUrl));
    const note = await mailTransaction(db.sql, (tx) =>
      issueCreditNote(tx, order.id, { amountCents: 500, reason: 'Geste commercial' }, system, orderUrl),
    );
    expect(note.number).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(note.document.cites).toEqual({ number: invoice.number, issuedAt: invoice.document.issuedAt });
    expect(note.document.totalInclCents).toBe(500);
    const [stored] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from invoice_documents where number = ${note.number}`;
    const text = pdfText(stored!.pdf);
    for (const mention of mandatoryMentions(note.document)) expect(text).toContain(squash(mention));
    await expect(
      mailTransaction(db.sql, (tx) =>
        issueCreditNote(
          tx,
          order.id,
          { amountCents: invoice.document.totalInclCents, reason: 'Trop' },
          system,
          orderUrl,
        ),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_CREDIT_NOTE' });
  });

  it('a partial refund of an invoiced order issues a credit note citing the invoice, for the amount refunded', async () => {
    await saveIdentity(db.sql, IDENTITY, null);
    const order = await newOrder();
    await payInFull(order.id);
    const [invoice] = await documents(order.id);
    await shop.as('admin').orders.refund({
      orderId: order.id,
      lines: [],
      shipping: false,
      extraCents: 1000,
      method: 'cash',
      reason: 'other',
      restock: false,
    });
    const docs = await documents(order.id);
    expect(docs.map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    const [note] = await db.sql<{ cites: string; totalInclCents: number }[]>`
      select data #>> '{document,cites,number}' as cites, (data #>> '{document,totalInclCents}')::int as total_incl_cents
        from events where stream_id = ${order.id} and type = 'CreditNoteIssued'`;
    expect(note).toEqual({ cites: invoice?.number, totalInclCents: 1000 });
    const report = await verifyDatabase(db.sql, 'test-key');
    expect(report.problems.filter((p) => p.kind === 'document')).toEqual([]);
  });

  it('cancelling an invoiced order issues a credit note for what remains; deleting it is refused', async () => {
    const order = await newOrder();
    const admin = shop.as('admin');
    await payInFull(order.id);
    await expect(admin.orders.remove({ orderId: order.id })).rejects.toMatchObject({
      message: expect.stringContaining('un avoir sera émis'),
    });
    // A paid order is cancelled with its refund (« Annuler la commande »), in one step.
    await admin.orders.cancelAndRefund({ orderId: order.id, method: 'cash' });
    const docs = await documents(order.id);
    expect(docs.map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    const [row] = await db.sql`select count(*)::int as n from orders where id = ${order.id}`;
    expect(row?.n).toBe(1);
  });

  it('concurrent issues, some rolled back, leave every series gapless', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => newOrder()));
    const results = await Promise.allSettled(
      orders.map((order, i) =>
        mailTransaction(db.sql, async (tx) => {
          await issueInvoice(tx, order.id, system, orderUrl);
          if (i % 3 === 0) throw new Error('rolled back on purpose');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    const year = new Date().getFullYear();
    const numbers = await db.sql<{ n: number }[]>`
      select (data #>> '{document,sequence}')::int as n from events
       where type = 'InvoiceIssued' and data #>> '{document,series}' = ${`FA-${year}`} order by 1`;
    expect(numbers.map((r) => r.n)).toEqual(numbers.map((_, i) => i + 1));
    const report = await verifyDatabase(db.sql, 'test-key');
    expect(report.problems.filter((p) => p.kind === 'document')).toEqual([]);
  });

  it('orders:verify catches an edited invoice snapshot and a changed PDF', async () => {
    const order = await newOrder();
    const issued = await mailTransaction(db.sql, (tx) => issueInvoice(tx, order.id, system, orderUrl));
    const clean = await verifyDatabase(db.sql, 'test-key');
    expect(clean.problems).toEqual([]);
    await db.sql`
      update events set data = jsonb_set(data, '{document,totalInclCents}', '1')
       where type = 'InvoiceIssued' and data #>> '{document,number}' = ${issued.number}`;
    const edited = await verifyDatabase(db.sql, 'test-key');
    expect(edited.ok).toBe(false);
    expect(edited.problems.map((p) => p.kind)).toContain('hash');
    // Put it back, then change the stored PDF behind the trigger's back.
    await db.sql`
      update events set data = jsonb_set(data, '{document,totalInclCents}', ${String(issued.document.totalInclCents)}::jsonb)
       where type = 'InvoiceIssued' and data #>> '{document,number}' = ${issued.number}`;
    await db.sql.begin(async (tx) => {
      await tx`alter table invoice_documents disable trigger invoice_documents_immutable`;
      await tx`update invoice_documents set pdf = pdf || '\\x00'::bytea where number = ${issued.number}`;
      await tx`alter table invoice_documents enable trigger invoice_documents_immutable`;
    });
    const changed = await verifyDatabase(db.sql, 'test-key');
    expect(changed.problems).toContainEqual(
      expect.objectContaining({ kind: 'document', message: expect.stringContaining(issued.number) }),
    );
  });

  it('"Télécharger la facture": the customer gets the PDF as issued, another customer nothing', async () => {
    await saveIdentity(db.sql, IDENTITY, null);
    const order = await newOrder(null, shop.users.customerA.id);
    await payInFull(order.id);
    const [doc] = await shop.as('customerA').account.documents({ orderId: order.id });
    expect(doc?.kind).toBe('invoice');
    const file = await shop.as('customerA').account.document({ number: doc!.number });
    const [stored] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from invoice_documents where number = ${doc!.number}`;
    expect(Buffer.from(file.base64, 'base64').equals(stored!.pdf)).toBe(true);
    expect(file.filename).toBe(`facture-${doc!.number}.pdf`);
    await expect(shop.as('customerB').account.document({ number: doc!.number })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await shop.as('customerB').account.documents({ orderId: order.id })).toEqual([]);
    // The guest's signed order page (issue 26) reads it through orderDocumentPdf once its token checks out.
    const guestFile = await orderDocumentPdf(db.sql, order.id);
    expect(guestFile.base64).toBe(file.base64);
    // The register lists it with its totals per rate.
    const register = await shop.as('admin').invoices.list({});
    expect(register.rows.map((r) => r.number)).toContain(doc!.number);
    // The accountant's ZIP: the PDFs as issued and the register in the orders CSV's conventions.
    const zip = unzipSync(Buffer.from((await shop.as('admin').invoices.export({})).base64, 'base64'));
    expect(Buffer.from(zip[`facture-${doc!.number}.pdf`]!).equals(stored!.pdf)).toBe(true);
    // UTF-8 with its BOM (the decoder reads the mark away), as the orders CSV.
    expect([...zip['factures.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(zip['factures.csv']!);
    expect(csv).toContain('Type;Numéro;Date;Origine;Client');
    expect(csv).toContain(`Facture;${doc!.number};`);
  });

  it("the signed order page: its token lists and downloads its own documents, never another order's", async () => {
    await saveIdentity(db.sql, IDENTITY, null);
    const a = await newOrder();
    const b = await newOrder();
    await payInFull(a.id);
    await payInFull(b.id);
    await mailTransaction(db.sql, (tx) =>
      issueCreditNote(tx, a.id, { amountCents: 500, reason: 'Geste commercial' }, system, orderUrl),
    );
    const app = await startHttpApp(db);
    try {
      const secret = app.services.config.AUTH_SECRET;
      const tokenA = orderToken(secret, a.id);
      const [invoiceA, noteA] = await shop.as('anonymous').withdrawal.documents({ token: tokenA });
      expect([invoiceA?.kind, noteA?.kind]).toEqual(['invoice', 'credit_note']);
      const [invoiceB] = await documents(b.id);
      const get = (token: string, number: string, headers: Record<string, string> = {}) =>
        fetch(`${app.url}/api/commande/document.pdf?${new URLSearchParams({ token, number })}`, {
          headers: { 'sec-fetch-site': 'same-origin', ...headers },
        });
      // The guest downloads the invoice and the credit note of order A, as issued, with their text.
      for (const doc of [invoiceA!, noteA!]) {
        const res = await get(tokenA, doc.number);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        const kind = doc.kind === 'invoice' ? 'facture' : 'avoir';
        expect(res.headers.get('content-disposition')).toBe(
          `attachment; filename="${kind}-${doc.number}.pdf"`,
        );
        const pdf = Buffer.from(await res.arrayBuffer());
        const [stored] = await db.sql<{ pdf: Buffer }[]>`
          select pdf from invoice_documents where number = ${doc.number}`;
        expect(pdf.equals(stored!.pdf)).toBe(true);
        const text = pdfText(pdf);
        expect(text).toContain(doc.kind === 'invoice' ? 'FACTURE' : 'AVOIR');
        expect(text).toContain(`N° ${doc.number}`);
        expect(text).toContain(
          doc.kind === 'invoice' ? 'Piège à guêpes écologique' : `Avoir sur la facture ${invoiceA!.number}`,
        );
      }
      // A's token does not reach B's invoice; a forged token reaches nothing; B's token works.
      const refused = await get(tokenA, invoiceB!.number);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ code: 'DOCUMENT_NOT_FOUND', message: 'Document introuvable.' });
      const forged = `${tokenA.split('.')[0]}.${orderToken(secret, b.id).split('.')[1]}`;
      const badToken = await get(forged, invoiceA!.number);
      expect(badToken.status).toBe(404);
      expect((await badToken.json()).code).toBe('ORDER_NOT_FOUND');
      await expect(shop.as('anonymous').withdrawal.documents({ token: forged })).rejects.toThrow(
        'Ce lien de commande est invalide ou a expiré.',
      );
      expect((await get(orderToken(secret, b.id), invoiceB!.number)).status).toBe(200);
      // The gate: GET only, and never from another site.
      const post = await fetch(
        `${app.url}/api/commande/document.pdf?${new URLSearchParams({ token: tokenA, number: invoiceA!.number })}`,
        { method: 'POST' },
      );
      expect(post.status).toBe(405);
      expect((await get(tokenA, invoiceA!.number, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('the legal notices read Paramètres › Facturation: one source for the legal entity', async () => {
    const admin = shop.as('admin');
    await admin.invoices.saveIdentity({
      ...IDENTITY,
      legalName: 'Nuisibles Normandie SARL',
      vatExempt: false,
    });
    const { legal } = await shop.as('anonymous').settings.shop();
    expect(legal.entity).toEqual({
      legalName: 'Nuisibles Normandie SARL',
      legalForm: 'SARL',
      shareCapital: '10 000 €',
      siren: '732829320',
      siret: '73282932000074',
      registry: 'RCS Évreux 732 829 320',
      vat: 'FR44732829320',
      registeredOffice: '4 rue de la Harpe, 27000 Évreux',
    });
    // A franchise en base: the art. 293 B mention instead of a VAT number.
    await admin.invoices.saveIdentity({ ...IDENTITY, vatNumber: '', vatExempt: true });
    expect((await shop.as('anonymous').settings.shop()).legal.entity?.vat).toBe(
      'TVA non applicable, art. 293 B du CGI',
    );
    await admin.invoices.saveIdentity(IDENTITY);
  });

  it('stored documents cannot be updated or deleted', async () => {
    await expect(db.sql`delete from invoice_documents`).rejects.toThrow(/never changed or deleted/);
  });
});
