/**
 * Devis (issue 36, docs/decisions/035-devis.md): sent from the back-office, read and accepted at a
 * distance through a signed link with a one-time code, or recorded as signed off premises. Every
 * change is an event of the intervention's stream through the log's generic command path
 * (log/stream-commands.ts); the number comes from the documents' series (DE-YYYY, takeNumber),
 * the PDF from the invoices' renderer, the mails from the outbox.
 */
import { createHash, randomInt } from 'node:crypto';
import { formatEuros as formatEurosText } from '../../domain/catalog/pricing.js';
import { DomainError } from '../../domain/errors.js';
import {
  type InterventionState,
  decide as interventionDecide,
  interventionNotFound,
} from '../../domain/interventions/decider.js';
import {
  ACKNOWLEDGEMENT_WORDING,
  buildDevis,
  type CatalogueProduct,
  CODE_TTL_MINUTES,
  codeCheck,
  DEVIS_MESSAGES,
  type DevisDraft,
  type DevisSnapshot,
  devisIsValidOn,
  EXPRESS_REQUEST_WORDING,
  resolveDraftLines,
} from '../../domain/interventions/devis.js';
import { type DevisCommand, devisStage, SIGNER_NAME_MAX } from '../../domain/interventions/devis-decider.js';
import { devisHashContent } from '../../domain/interventions/devis-personal.js';
import { sellerSnapshot } from '../../domain/invoices/document.js';
import { missingIdentityFields, missingIdentityMessage } from '../../domain/invoices/identity.js';
import type { Actor } from '../../domain/orders/events.js';
import { toId } from '../../domain/security/ids.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import { frenchDateTime, frenchDay } from '../../domain/site/dates.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Sql, Tx } from '../db/client.js';
import { readIdentity } from '../invoices/identity.js';
import { type DocumentClock, takeNumber } from '../invoices/issue.js';
import { sha256 } from '../invoices/pdf.js';
import { handleStreamCommand, readModelStream, type StreamMeta } from '../log/stream-commands.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail, mailTransaction } from '../mail/outbox.js';
import { canonicalJson } from '../orders/canonical.js';
import { idFromSignedToken, signedIdToken } from '../orders/order-link.js';
import { readSettings } from '../settings/store.js';
import { devisFilename, renderDevisPdf } from './devis-pdf.js';
import { ofAccount } from './intervention-link.js';
import { interventionModel } from './model.js';
import { readTariffs } from './tariffs.js';

/** The devis series' prefix: DE-2026-000001. */
export const DEVIS_PREFIX = 'DE';
const LINK_LABEL = 'devis-link:v1:';

/**
 * The hash a devis is accepted by: SHA-256 of the canonical JSON of its snapshot without the
 * personal fields (devis-personal.ts), so it is checked from the log alone, even after an erasure.
 */
export const devisHash = (d: DevisSnapshot) =>
  sha256(Buffer.from(canonicalJson(devisHashContent(d)), 'utf8'));

export const devisToken = (secret: string, interventionId: string) =>
  signedIdToken(secret, LINK_LABEL, interventionId);
export const devisLinkUrl = (config: { PUBLIC_URL: string; AUTH_SECRET: string }, interventionId: string) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}/devis/${devisToken(config.AUTH_SECRET, interventionId)}`;

const invalidLink = () =>
  new DomainError('not_found', 'DEVIS_NOT_FOUND', 'Ce lien de devis est invalide ou a expiré.');

function tokenIntervention(secret: string, token: string): string {
  const id = token.length <= 100 ? idFromSignedToken(secret, LINK_LABEL, token) : null;
  if (!id) throw invalidLink();
  return id;
}

function checkId(id: string): string {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  return valid;
}

const run = (sql: Sql, id: string, meta: StreamMeta, decide: (s: InterventionState) => DevisCommand) =>
  handleStreamCommand(sql, interventionModel, id, meta, (state) => {
    if (!state) throw interventionNotFound();
    return interventionDecide(decide(state), state);
  });

async function catalogueProducts(tx: Tx, ids: string[]): Promise<CatalogueProduct[]> {
  if (ids.length === 0) return [];
  return await tx<CatalogueProduct[]>`
    select id::text, title, price_cents from products where id = any(${ids}::uuid[]) and is_available`;
}

/**
 * Builds, numbers, renders and sends a devis (a new version when one was sent): in one transaction
 * the DevisSent event, its PDF row and the customer's mail with the signed link.
 */
export async function sendDevis(
  sql: Sql,
  interventionId: string,
  draft: DevisDraft,
  options: {
    meta: StreamMeta;
    config: { PUBLIC_URL: string; AUTH_SECRET: string };
    /** The documents' clock (tests date a devis in another year). */
    clock?: DocumentClock;
  },
) {
  const id = checkId(interventionId);
  let sent: { devis: DevisSnapshot; pdf: Buffer } | null = null;
  const handled = await handleStreamCommand(
    sql,
    interventionModel,
    id,
    options.meta,
    async (state, tx) => {
      if (!state) throw interventionNotFound();
      const { tariffs } = await readTariffs(tx);
      const products = await catalogueProducts(
        tx,
        draft.lines.flatMap((l) => (l.kind === 'product' ? [l.productId] : [])),
      );
      const { lines, estimatedMinutes } = resolveDraftLines(draft, tariffs, products);
      const { identity } = await readIdentity(tx);
      const missing = missingIdentityFields(identity);
      if (missing.length > 0)
        throw new DomainError('invalid', 'SELLER_IDENTITY_INCOMPLETE', missingIdentityMessage(missing), {
          missing,
        });
      const { settings } = await readSettings(tx);
      const numbered = await takeNumber(tx, DEVIS_PREFIX, options.clock);
      const r = state.requester;
      const address = { line: r.street, zipCode: r.zipCode, city: r.city };
      const devis = buildDevis({
        numbered,
        version: (state.devis?.version ?? 0) + 1,
        replaces: state.devis?.number ?? null,
        validityDays: draft.validityDays,
        interventionNumber: state.number,
        seller: sellerSnapshot(identity, shopIdentity(settings)),
        customer: {
          kind: draft.customerKind,
          name: r.name,
          email: r.email,
          phone: r.phone,
          address,
          business:
            draft.customerKind === 'professionnel'
              ? {
                  companyName: draft.companyName,
                  siren: draft.siren.replace(/\s/g, ''),
                  headcount: draft.headcount ?? 0,
                  activity: draft.activity,
                }
              : null,
        },
        site: { type: draft.siteType, address },
        description: draft.description,
        estimatedMinutes,
        lines,
        tariffs,
      });
      const pdf = await renderDevisPdf(devis);
      sent = { devis, pdf };
      return interventionDecide(
        { type: 'SendDevis', devis, hash: devisHash(devis), pdfSha256: sha256(pdf) },
        state,
      );
    },
    async (tx) => {
      if (!sent) return;
      const { devis, pdf } = sent;
      await tx`
        insert into devis_documents (number, intervention_id, version, pdf, sha256)
        values (${devis.number}, ${id}, ${devis.version}, ${pdf}, ${sha256(pdf)})`;
      await queueDevisMail(tx, devis, pdf, devisLinkUrl(options.config, id));
    },
  );
  return { number: (sent as { devis: DevisSnapshot } | null)?.devis.number ?? null, state: handled.state };
}

async function queueDevisMail(tx: Tx, d: DevisSnapshot, pdf: Buffer, url: string) {
  const content = renderMail({
    subject: `Votre devis ${d.number} (intervention ${d.interventionNumber})`,
    greeting: `Bonjour ${d.customer.name},`,
    shopName: d.seller.tradeName,
    blocks: [
      {
        kind: 'paragraph',
        text: `Vous trouverez ci-joint notre devis ${d.number} d'un montant de ${formatEurosText(d.totalInclCents)} TTC, valable jusqu'au ${frenchDay(d.validUntil)}.`,
      },
      {
        kind: 'paragraph',
        text: 'Vous pouvez le lire, le télécharger et l’accepter en ligne depuis cette page :',
      },
      { kind: 'action', label: 'Voir et accepter le devis', url },
    ],
  });
  await enqueueMail(tx, {
    dedupeKey: `devis:${d.number}`,
    kind: 'devis',
    to: d.customer.email,
    ...content,
    attachments: [{ filename: devisFilename(d), contentType: 'application/pdf', content: pdf }],
  });
}

/** The DevisSent event of a number in a stream, and the intervention's state. */
async function readDevis(sql: Tx, id: string) {
  const { events, state } = await readModelStream(sql, interventionModel, id);
  if (!state) throw invalidLink();
  const sent = events.flatMap((e) => (e.type === 'DevisSent' ? [e.data] : []));
  return { state, sent, events };
}

/** What the signed page shows: the current devis, its status and, once signed, the contract. */
export async function devisForToken(sql: Tx, secret: string, token: string) {
  const id = tokenIntervention(secret, token);
  const { state, sent } = await readDevis(sql, id);
  const current = sent.at(-1);
  if (!current || !state.devis) throw invalidLink();
  const now = new Date().toISOString();
  return {
    devis: current.devis,
    hash: current.hash,
    status: state.status,
    contract: state.contract,
    lostReason: state.lostReason,
    acceptable: devisStage(state) === 'quote_sent' && devisIsValidOn(state.devis.validUntil, now),
    expressRequestWording: EXPRESS_REQUEST_WORDING,
    acknowledgementWording: ACKNOWLEDGEMENT_WORDING,
    signerNameMax: SIGNER_NAME_MAX,
  };
}

/** A devis's PDF as sent, as base64, when it belongs to the intervention. */
async function devisPdf(sql: Tx, interventionId: string, number: string) {
  const [row] = await sql<{ pdf: Buffer }[]>`
    select pdf from devis_documents where intervention_id = ${interventionId} and number = ${number}`;
  if (!row) throw new DomainError('not_found', 'DOCUMENT_NOT_FOUND', 'Document introuvable.');
  return { filename: devisFilename({ number }), base64: Buffer.from(row.pdf).toString('base64') };
}

export const devisPdfForToken = (sql: Tx, secret: string, token: string, number: string) =>
  devisPdf(sql, tokenIntervention(secret, token), number);
export const devisPdfForAdmin = (sql: Tx, interventionId: string, number: string) =>
  devisPdf(sql, checkId(interventionId), number);

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** Masks an address as the page shows it: « ca•••@example.fr ». */
export const maskEmail = (email: string) => {
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 2)}•••@${domain}`;
};

/**
 * « Recevoir mon code »: a 6-digit code by mail to the devis's address, valid 15 minutes. One a
 * minute at most per intervention; nothing is appended to the log.
 */
export async function requestAcceptanceCode(sql: Sql, secret: string, token: string, number: string) {
  const id = tokenIntervention(secret, token);
  return await mailTransaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`devis-code:${id}`}, 0))`;
    const { state } = await readDevis(tx, id);
    const d = state.devis;
    if (!d || devisStage(state) !== 'quote_sent')
      throw new DomainError('invalid', 'DEVIS_NOT_OPEN', DEVIS_MESSAGES.notOpen);
    if (d.number !== number) throw new DomainError('invalid', 'DEVIS_NOT_CURRENT', DEVIS_MESSAGES.notCurrent);
    if (!devisIsValidOn(d.validUntil, new Date().toISOString()))
      throw new DomainError('invalid', 'DEVIS_EXPIRED', DEVIS_MESSAGES.expired(d.validUntil));
    const [recent] = await tx<{ n: number }[]>`
      select count(*)::int as n from devis_codes
       where intervention_id = ${id} and created_at > now() - interval '1 minute'`;
    if ((recent?.n ?? 0) > 0)
      throw new DomainError(
        'rate_limited',
        'CODE_TOO_SOON',
        'Un code vient d’être envoyé. Patientez une minute avant d’en demander un autre.',
      );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx<{ id: string; expiresAt: Date }[]>`
      insert into devis_codes (intervention_id, number, code_hash, sent_to, expires_at)
      values (${id}, ${d.number}, ${codeHash(id, code)}, ${d.email},
              now() + make_interval(mins => ${CODE_TTL_MINUTES}))
      returning id::text, expires_at`;
    const content = renderMail({
      subject: `Code de confirmation du devis ${d.number}`,
      greeting: `Bonjour ${d.customerName},`,
      blocks: [
        { kind: 'paragraph', text: `Votre code pour accepter le devis ${d.number} : ${code}` },
        {
          kind: 'paragraph',
          text: `Ce code est valable ${CODE_TTL_MINUTES} minutes (jusqu’à ${frenchDateTime(row!.expiresAt)}). Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.`,
        },
      ],
    });
    await enqueueMail(tx, {
      dedupeKey: `devis-code:${row!.id}`,
      kind: 'devis-code',
      to: d.email,
      ...content,
    });
    return { sentTo: maskEmail(d.email), expiresAt: row!.expiresAt.toISOString() };
  });
}

export interface AcceptInput {
  number: string;
  hash: string;
  signerName: string;
  code: string;
  expressRequest: boolean;
  acknowledgement: boolean;
}

/**
 * « Accepter le devis »: the code is checked (a wrong one counts a try and changes nothing else),
 * then DevisAccepted is appended with the devis hash, the time, the code check, the IP and the
 * user agent. The code is spent in the same transaction as the event.
 */
export async function acceptDevis(
  sql: Sql,
  secret: string,
  token: string,
  input: AcceptInput,
  evidence: { ip: string; userAgent: string; requestId: string; actor: Actor },
) {
  const id = tokenIntervention(secret, token);
  const at = new Date().toISOString();
  // The code's check: a wrong code counts a try, committed on its own, and nothing is appended.
  const code = await sql.begin(async (tx) => {
    const [row] = await tx<
      {
        id: string;
        codeHash: string;
        sentTo: string;
        createdAt: Date;
        expiresAt: Date;
        attempts: number;
        usedAt: Date | null;
      }[]
    >`
      select id::text, code_hash, sent_to, created_at, expires_at, attempts, used_at from devis_codes
       where intervention_id = ${id} and number = ${input.number}
       order by created_at desc limit 1 for update`;
    const check = codeCheck(
      row
        ? {
            expiresAt: row.expiresAt.toISOString(),
            attempts: row.attempts,
            usedAt: row.usedAt?.toISOString() ?? null,
          }
        : null,
      at,
    );
    if (check !== 'ok') return { error: check } as const;
    if (!/^\d{6}$/.test(input.code.trim()) || codeHash(id, input.code.trim()) !== row!.codeHash) {
      await tx`update devis_codes set attempts = attempts + 1 where id = ${row!.id}`;
      return { error: 'codeWrong' } as const;
    }
    return { row: row!, error: undefined } as const;
  });
  if (code.error !== undefined) throw new DomainError('invalid', 'DEVIS_CODE', DEVIS_MESSAGES[code.error]);
  const handled = await handleStreamCommand(
    sql,
    interventionModel,
    id,
    { actor: evidence.actor, at, requestId: evidence.requestId },
    (state) => {
      if (!state) throw invalidLink();
      return interventionDecide(
        {
          type: 'AcceptDevis',
          number: input.number,
          hash: input.hash,
          signerName: input.signerName,
          code: { sentTo: code.row.sentTo, sentAt: code.row.createdAt.toISOString(), checkedAt: at },
          ip: evidence.ip,
          userAgent: evidence.userAgent,
          expressRequest: input.expressRequest,
          acknowledgement: input.acknowledgement,
          at,
        },
        state,
      );
    },
    async (tx) => {
      const [used] = await tx`
        update devis_codes set used_at = ${at} where id = ${code.row.id} and used_at is null returning id`;
      // Spent meanwhile by a second tab: the whole acceptance rolls back.
      if (!used) throw new DomainError('invalid', 'DEVIS_CODE', DEVIS_MESSAGES.codeMissing);
    },
  );
  return { status: handled.state?.status ?? null };
}

/** « Refuser le devis » on the signed page: the intervention is « Perdu » with the reason. */
export async function refuseDevisByToken(
  sql: Sql,
  secret: string,
  token: string,
  input: { number: string; reason: string },
  meta: StreamMeta,
) {
  const id = tokenIntervention(secret, token);
  await run(sql, id, meta, () => ({ type: 'RefuseDevis', number: input.number, reason: input.reason }));
  return { ok: true as const };
}

/** The owner records a devis signed at the customer's home (mode « hors établissement »). */
export async function recordOffPremisesSignature(
  sql: Sql,
  interventionId: string,
  input: {
    number: string;
    signerName: string;
    signedOn: string;
    urgentWords: string | null;
    expressRequest: boolean;
    acknowledgement: boolean;
  },
  meta: StreamMeta,
) {
  await run(sql, checkId(interventionId), meta, () => ({
    type: 'RecordOffPremisesSignature',
    ...input,
    at: meta.at,
  }));
  return { ok: true as const };
}

/**
 * Devis past their validity close their intervention as « Perdu » (DevisExpired). Run by the
 * back-office's reading and by `expireDueDevis` callers; each expiry is one command.
 */
export async function expireDueDevis(sql: Sql, now = new Date()) {
  const rows = await sql<{ id: string }[]>`
    select id::text from interventions
     where status = 'quote_sent' and (devis ->> 'validUntil') < ${parisDay(now)}`;
  let expired = 0;
  for (const r of rows) {
    try {
      await run(
        sql,
        r.id,
        { actor: { kind: 'system', name: 'devis-expiry' }, at: now.toISOString(), requestId: 'devis-expiry' },
        () => ({
          type: 'ExpireDevis',
          at: now.toISOString(),
        }),
      );
      expired++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return expired;
}

/** The signed-in customer's devis for /compte: those of the account's interventions (ofAccount). */
export async function customerDevisList(sql: Tx, secret: string, user: { id: string; email: string }) {
  const rows = await sql<
    {
      id: string;
      number: string;
      status: string;
      devis: { number: string; totalInclCents: number; validUntil: string; sentAt: string };
    }[]
  >`
    select i.id::text, i.number, i.status, i.devis from interventions i
     where i.devis is not null and ${ofAccount(sql, user)}
     order by i.updated_at desc limit 100`;
  return rows.map((r) => ({
    interventionNumber: r.number,
    number: r.devis.number,
    status: r.status,
    totalInclCents: r.devis.totalInclCents,
    validUntil: r.devis.validUntil,
    sentAt: r.devis.sentAt,
    token: devisToken(secret, r.id),
  }));
}
