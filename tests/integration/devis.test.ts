/**
 * Devis (issue 36, docs/decisions/035-devis.md) on real PostgreSQL: sent into the intervention's
 * stream with a gapless DE number of its year, accepted at a distance with the one-time code (the
 * event records the devis hash, the code check, IP and user agent), a wrong code changes nothing,
 * and the log still verifies.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevisDraft } from '../../src/domain/interventions/devis.js';
import { EXPRESS_REQUEST_WORDING, VAT_CERTIFICATION_WORDING } from '../../src/domain/interventions/devis.js';
import { LOST_MESSAGE } from '../../src/domain/interventions/pipeline.js';
import { DEFAULT_TARIFFS } from '../../src/domain/interventions/tariffs.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { openIntervention, runInterventionCommand } from '../../src/server/interventions/commands.js';
import {
  acceptDevis,
  devisForToken,
  devisHash,
  devisPdfForToken,
  devisToken,
  expireDueDevis,
  recordOffPremisesSignature,
  refuseDevisByToken,
  requestAcceptanceCode,
  sendDevis,
} from '../../src/server/interventions/devis.js';
import { interventionModel } from '../../src/server/interventions/model.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import { saveTariffs } from '../../src/server/interventions/tariffs.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { readModelStream } from '../../src/server/log/stream-commands.js';
import { eraseSubject } from '../../src/server/privacy/erase.js';
import { exportData } from '../../src/server/privacy/export.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { requestFields } from '../support/interventions.js';
import { SELLER } from '../support/invoices.js';

const KEY = 'audit-test-key-0123456789';
const SECRET = 'devis-test-secret-0123456789abcdef';
const config = { PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: SECRET };
const SERVICE = '3f1c2a4e-8b1d-4c6a-9e2f-1a2b3c4d5e6f';
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await saveIdentity(db.sql, SELLER, null);
  await saveTariffs(
    db.sql,
    {
      ...DEFAULT_TARIFFS,
      services: [
        {
          id: SERVICE,
          label: 'Destruction de nid de guêpes',
          pests: 'Guêpes, frelons',
          pricing: 'forfait',
          priceCents: 9000,
          defaultMinutes: 45,
        },
      ],
    },
    { email: 'owner@example.fr' },
  );
});
afterAll(async () => {
  await db.drop();
});

const admin = () => ({
  actor: { kind: 'admin' as const, userId: 'admin-1' },
  at: new Date().toISOString(),
  requestId: 'test',
});
const draft: DevisDraft = {
  siteType: 'logement_ancien',
  customerKind: 'particulier',
  companyName: '',
  siren: '',
  headcount: null,
  activity: '',
  description: 'Destruction du nid sous la toiture.',
  validityDays: 30,
  lines: [
    { kind: 'service', serviceId: SERVICE, quantity: 1, minutes: null },
    { kind: 'travel', km: 0 },
  ],
};
let n = 0;
async function open() {
  n++;
  const { state } = await openIntervention(db.sql, requestFields(n), {
    meta: { actor: { kind: 'guest' }, at: new Date().toISOString(), requestId: 'test' },
    source: 'form',
    customerId: null,
  });
  return state!;
}
const fixedClock = (iso: string) => async () => new Date(iso);
const events = (id: string) =>
  db.sql<{ type: string; data: Record<string, unknown> }[]>`
    select type, data from events where stream_id = ${id} order by version`;
const lastCodeMail = async (to: string) => {
  const [row] = await db.sql<{ textBody: string }[]>`
    select text_body from mail_outbox where kind = 'devis-code' and to_address = ${to} order by id desc limit 1`;
  return /: (\d{6})/.exec(row?.textBody ?? '')?.[1] ?? '';
};

describe('the DE series', () => {
  it('numbers devis per Paris year without gaps, a failed send giving its number back', async () => {
    const a = await open();
    const b = await open();
    const c = await open();
    const first = await sendDevis(db.sql, a.id, draft, {
      meta: admin(),
      config,
      clock: fixedClock('2024-12-31T23:30:00Z'),
    });
    // 00:30 on 1 January in Paris: the 2025 series.
    expect(first.number).toBe('DE-2025-000001');
    // Refused after its number was taken (an intervention classed « Perdu »): the number comes back.
    await runInterventionCommand(db.sql, b.id, { type: 'MarkLost', reason: 'Injoignable' }, admin());
    await expect(
      sendDevis(db.sql, b.id, draft, { meta: admin(), config, clock: fixedClock('2025-06-01T10:00:00Z') }),
    ).rejects.toThrow(LOST_MESSAGE);
    await runInterventionCommand(db.sql, b.id, { type: 'Reopen' }, admin());
    const second = await sendDevis(db.sql, b.id, draft, {
      meta: admin(),
      config,
      clock: fixedClock('2025-06-01T10:00:00Z'),
    });
    expect(second.number).toBe('DE-2025-000002');
    const other = await sendDevis(db.sql, c.id, draft, {
      meta: admin(),
      config,
      clock: fixedClock('2024-06-01T10:00:00Z'),
    });
    expect(other.number).toBe('DE-2024-000001');
  });
});

describe('a devis accepted at a distance', () => {
  it('is sent with its PDF, mail and signed link, then accepted with the code: the event holds the evidence', async () => {
    const i = await open();
    const { number } = await sendDevis(db.sql, i.id, draft, { meta: admin(), config });
    expect(number).toMatch(/^DE-2026-\d{6}$/);
    const [row] = await db.sql`select status, devis from interventions where id = ${i.id}`;
    expect(row?.status).toBe('quote_sent');
    const [mail] = await db.sql<{ textBody: string; attachments: unknown[] }[]>`
      select text_body, attachments from mail_outbox where dedupe_key = ${`devis:${number}`}`;
    const token = devisToken(SECRET, i.id);
    expect(mail?.textBody).toContain(`/devis/${token}`);
    expect(mail?.attachments).toHaveLength(1);

    const page = await devisForToken(db.sql, SECRET, token);
    expect(page.acceptable).toBe(true);
    expect(page.devis.vatCertification).toBe(VAT_CERTIFICATION_WORDING);
    expect(page.devis.vat).toEqual([{ rate: 10, baseCents: 10417, vatCents: 1042, totalInclCents: 11459 }]);

    // The PDF, by its text.
    const pdf = await devisPdfForToken(db.sql, SECRET, token, number!);
    const dir = mkdtempSync(path.join(tmpdir(), 'devis-'));
    writeFileSync(path.join(dir, 'd.pdf'), Buffer.from(pdf.base64, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'd.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    expect(text).toContain(`N° ${number}`);
    expect(text).toContain('le client atteste que les travaux portent sur des locaux');
    expect(text).toContain('Formulaire de rétractation');
    expect(text).toContain('114,59 €');

    const sentTo = await requestAcceptanceCode(db.sql, SECRET, token, number!);
    expect(sentTo.sentTo).toBe('ca•••@example.fr');
    const code = await lastCodeMail(`camille${n}@example.fr`);
    expect(code).toMatch(/^\d{6}$/);

    const evidence = {
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 test',
      requestId: 't',
      actor: { kind: 'guest' as const },
    };
    const input = {
      number: number!,
      hash: page.hash,
      signerName: 'Camille Durand',
      code: code === '000000' ? '111111' : '000000',
      expressRequest: true,
      acknowledgement: false,
    };
    // A wrong code: a French message, nothing appended, the intervention unchanged.
    const before = await events(i.id);
    await expect(acceptDevis(db.sql, SECRET, token, input, evidence)).rejects.toThrow(
      'Le code saisi est incorrect. Vérifiez le code reçu par email.',
    );
    expect(await events(i.id)).toEqual(before);
    expect((await db.sql`select status from interventions where id = ${i.id}`)[0]?.status).toBe('quote_sent');

    // The right code.
    await acceptDevis(db.sql, SECRET, token, { ...input, code }, evidence);
    const after = await events(i.id);
    expect(after).toHaveLength(before.length + 1);
    // The signer's name, IP, user agent and the code's address left the chain for their record.
    expect(after.at(-1)?.data).toMatchObject({ signerName: '', ip: '', userAgent: '', personal: {} });
    expect((await readModelStream(db.sql, interventionModel, i.id)).events.at(-1)).toMatchObject({
      type: 'DevisAccepted',
      data: {
        number,
        hash: page.hash,
        mode: 'a_distance',
        signerName: 'Camille Durand',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 test',
        expressRequest: EXPRESS_REQUEST_WORDING,
        acknowledgement: null,
        code: { sentTo: `camille${n}@example.fr`, result: 'ok' },
      },
    });
    expect((await db.sql`select status, contract from interventions where id = ${i.id}`)[0]).toMatchObject({
      status: 'accepted',
      contract: { mode: 'a_distance', expressRequest: true },
    });
    // The code is spent.
    await expect(acceptDevis(db.sql, SECRET, token, { ...input, code }, evidence)).rejects.toThrow(
      'Demandez d’abord un code de confirmation.',
    );
    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
    expect((await replayInterventions(db.sql, { apply: false })).differences).toEqual([]);
  });

  it('refuses an expired code and a token that is not ours', async () => {
    const i = await open();
    const { number } = await sendDevis(db.sql, i.id, draft, { meta: admin(), config });
    const token = devisToken(SECRET, i.id);
    await requestAcceptanceCode(db.sql, SECRET, token, number!);
    const code = await lastCodeMail(`camille${n}@example.fr`);
    await db.sql`update devis_codes set expires_at = now() - interval '1 second' where intervention_id = ${i.id}`;
    const page = await devisForToken(db.sql, SECRET, token);
    const before = await events(i.id);
    await expect(
      acceptDevis(
        db.sql,
        SECRET,
        token,
        {
          number: number!,
          hash: page.hash,
          signerName: 'Camille',
          code,
          expressRequest: false,
          acknowledgement: false,
        },
        { ip: '127.0.0.1', userAgent: '', requestId: 't', actor: { kind: 'guest' } },
      ),
    ).rejects.toThrow('Ce code a expiré. Demandez un nouveau code.');
    expect(await events(i.id)).toEqual(before);
    await expect(devisForToken(db.sql, 'another-secret-0123456789abcdef', token)).rejects.toThrow(
      'Ce lien de devis est invalide ou a expiré.',
    );
  });

  it('closes an expired devis as « Perdu » with a reason', async () => {
    const i = await open();
    await sendDevis(db.sql, i.id, draft, {
      meta: admin(),
      config,
      clock: fixedClock('2026-01-05T10:00:00Z'),
    });
    await expireDueDevis(db.sql, new Date('2026-02-10T10:00:00Z'));
    const [row] = await db.sql`select status, lost_reason from interventions where id = ${i.id}`;
    expect(row?.status).toBe('lost');
    expect(row?.lostReason).toMatch(/^Devis DE-2026-\d{6} expiré \(valable jusqu’au 04\/02\/2026\)\.$/);
  });

  it('closes a devis refused on the signed page as « Perdu » with the reason', async () => {
    const i = await open();
    const { number } = await sendDevis(db.sql, i.id, draft, { meta: admin(), config });
    await refuseDevisByToken(
      db.sql,
      SECRET,
      devisToken(SECRET, i.id),
      { number: number!, reason: 'Trop cher' },
      {
        actor: { kind: 'guest' },
        at: new Date().toISOString(),
        requestId: 't',
      },
    );
    const [row] = await db.sql`select status, lost_reason from interventions where id = ${i.id}`;
    expect(row).toMatchObject({ status: 'lost', lostReason: `Devis ${number} refusé : Trop cher` });
  });

  it("records a devis signed at the customer's home as « hors établissement », with the 7-day payment ban", async () => {
    const i = await open();
    const { number } = await sendDevis(db.sql, i.id, draft, { meta: admin(), config });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    await recordOffPremisesSignature(
      db.sql,
      i.id,
      {
        number: number!,
        signerName: 'Camille Durand',
        signedOn: today,
        urgentWords: 'Je demande que le nid soit détruit aujourd’hui, il est au-dessus de la porte.',
        expressRequest: true,
        acknowledgement: true,
      },
      admin(),
    );
    const [last] = (await events(i.id)).slice(-1);
    expect(last).toMatchObject({
      type: 'DevisSignedOffPremises',
      data: {
        mode: 'hors_etablissement',
        signedOn: today,
        urgentException: {
          customerWords: 'Je demande que le nid soit détruit aujourd’hui, il est au-dessus de la porte.',
        },
      },
    });
    const [row] = await db.sql<{ status: string; contract: { mode: string; paymentBanUntil: string } }[]>`
      select status, contract from interventions where id = ${i.id}`;
    expect(row?.status).toBe('accepted');
    expect(row?.contract.mode).toBe('hors_etablissement');
    expect(Date.parse(row!.contract.paymentBanUntil) - Date.parse(today)).toBe(7 * 86_400_000);
  });

  it('is listed in /compte for the account whose verified address it was sent to, never for another', async () => {
    const services = createTestServices(db, { AUTH_SECRET: SECRET });
    const owner = await createUser(services);
    const other = await createUser(services);
    const { state } = await openIntervention(
      db.sql,
      { ...requestFields(900), email: owner.email },
      {
        meta: { actor: { kind: 'guest' }, at: new Date().toISOString(), requestId: 'test' },
        source: 'form',
        customerId: null,
      },
    );
    const { number } = await sendDevis(db.sql, state!.id, draft, { meta: admin(), config });
    // Anyone can sign up with the requester's address: nothing until it is proven (ADR 033).
    expect(await callerAs(services, owner).devis.mine()).toEqual([]);
    await db.sql`update users set email_verified = true where id = ${owner.id}`;
    const mine = await callerAs(services, owner).devis.mine();
    expect(mine).toEqual([
      expect.objectContaining({ number, status: 'quote_sent', token: devisToken(SECRET, state!.id) }),
    ]);
    // The same signed page as the mail's link.
    expect((await callerAs(services, null).devis.show({ token: mine[0]!.token })).devis.number).toBe(number);
    expect(await callerAs(services, other).devis.mine()).toEqual([]);
    // Signed, the devis keeps its customer until carried out, as an order to deliver (ADR 020).
    expect(await callerAs(services, owner).account.erasureBlocker()).toBeNull();
    await recordOffPremisesSignature(
      db.sql,
      state!.id,
      {
        number: number!,
        signerName: 'Camille Durand',
        signedOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()),
        urgentWords: null,
        expressRequest: true,
        acknowledgement: true,
      },
      admin(),
    );
    expect(await callerAs(services, owner).account.erasureBlocker()).toBe(
      `Votre compte ne peut pas encore être supprimé : votre intervention ${state!.number} (à réaliser) est en cours. Nous devons d’abord la terminer, ou l’annuler et vous rembourser : contactez-nous, puis supprimez votre compte.`,
    );
    // Requested with the address, not from the account: never named to an unverified account.
    await db.sql`update users set email_verified = false where id = ${owner.id}`;
    expect(await callerAs(services, owner).account.erasureBlocker()).toBeNull();
  });
});

describe('a devis when its customer is erased (ADR 020, ADR 035 amendment)', () => {
  const pdfText = async (token: string, number: string) => {
    const pdf = await devisPdfForToken(db.sql, SECRET, token, number);
    const dir = mkdtempSync(path.join(tmpdir(), 'devis-'));
    writeFileSync(path.join(dir, 'd.pdf'), Buffer.from(pdf.base64, 'base64'));
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'd.pdf'), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
  };

  it('loses the name, email, phone and address in its page, PDF, export and signature; the log still verifies', async () => {
    const i = await open();
    const name = `Camille Durand ${n}`;
    const email = `camille${n}@example.fr`;
    const { number } = await sendDevis(db.sql, i.id, draft, { meta: admin(), config });
    const token = devisToken(SECRET, i.id);
    const page = await devisForToken(db.sql, SECRET, token);
    expect(page.devis.customer).toMatchObject({ name, email, address: { line: '12 rue des Lilas' } });
    expect(await pdfText(token, number!)).toContain(name);
    // The log keeps the devis without its customer, and the hash is the hash of what it keeps.
    const [sent] = (await events(i.id)).filter((e) => e.type === 'DevisSent');
    expect(JSON.stringify(sent!.data)).not.toContain(email);
    expect(JSON.stringify(sent!.data)).not.toContain('12 rue des Lilas');
    await requestAcceptanceCode(db.sql, SECRET, token, number!);
    await acceptDevis(
      db.sql,
      SECRET,
      token,
      {
        number: number!,
        hash: page.hash,
        signerName: name,
        code: await lastCodeMail(email),
        expressRequest: true,
        acknowledgement: false,
      },
      { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 erase', requestId: 't', actor: { kind: 'guest' } },
    );
    const exported = await exportData(db.sql, { userId: null, emails: [email], orderIds: [] });
    expect(JSON.stringify(exported.json.interventions)).toContain('203.0.113.9');

    await db.sql.begin((tx) =>
      eraseSubject(
        tx,
        { userId: null, emails: [email], guestOrderIds: [] },
        { reason: 'admin-request', actor: { kind: 'system' }, requestId: 'test' },
      ),
    );

    const erased = await devisForToken(db.sql, SECRET, token);
    expect(erased.devis.customer).toMatchObject({
      name: 'Client supprimé',
      email: '',
      phone: '',
      address: { line: '', zipCode: '', city: '' },
    });
    expect(erased.devis.site.address).toEqual({ line: '', zipCode: '', city: '' });
    expect(erased.contract?.signerName).toBe('Client supprimé');
    // The same devis, the same hash: still checkable from the log alone, before and after.
    expect(devisHash(page.devis)).toBe(page.hash);
    expect(erased.hash).toBe(page.hash);
    expect(devisHash(erased.devis)).toBe(page.hash);
    expect(erased.devis.totalInclCents).toBe(page.devis.totalInclCents);
    const text = await pdfText(token, number!);
    expect(text).toContain(`N° ${number}`);
    expect(text).not.toContain(name);
    expect(text).not.toContain('12 rue des Lilas');
    expect(text).not.toContain(email);
    const [row] = await db.sql`select name, email, devis, contract from interventions where id = ${i.id}`;
    expect(JSON.stringify(row)).not.toContain(name);
    expect(JSON.stringify(row)).not.toContain(email);
    const again = await exportData(db.sql, { userId: null, emails: [email], orderIds: [] });
    expect(again.json.interventions).toEqual([]);
    const everything = await readModelStream(db.sql, interventionModel, i.id);
    expect(JSON.stringify(everything.events)).not.toContain(name);
    expect(JSON.stringify(everything.events)).not.toContain('203.0.113.9');

    expect((await verifyDatabase(db.sql, KEY)).ok).toBe(true);
    expect((await replayInterventions(db.sql, { apply: false })).differences).toEqual([]);
  });
});
