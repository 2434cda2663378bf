/**
 * The money of a yearly contract (docs/decisions/046-contract-money.md) on real PostgreSQL, through
 * the real commands at injected times: a household contract's invoices paid (at most what each
 * still owes, one cent over refused; a second payment completes one; never in the future nor in a
 * closed day), its free termination's credit note refunded (at most its amount, once), the day's
 * closure counting the contract's payment and refunds by VAT rate, the log verifying and the
 * replay rebuilding the same rows; the account's erasure refused while the contract runs, then
 * while its credit note is not refunded, then allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros, includedTaxCents } from '../../src/domain/catalog/pricing.js';
import { frenchDay } from '../../src/domain/site/dates.js';
import { closeThrough } from '../../src/server/audit/closures.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Services } from '../../src/server/context.js';
import {
  issueDueContractInvoices,
  readContract,
  recordContractPayment,
  recordContractRefund,
  renewAndPlan,
  terminateContract,
} from '../../src/server/contracts/commands.js';
import { contractDetail, listContracts } from '../../src/server/contracts/queries.js';
import { replayContracts } from '../../src/server/contracts/replay.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { deleteCustomerAccount, ownErasureBlocker } from '../../src/server/privacy/accounts.js';
import {
  type ContractMailing,
  clockAt,
  contractMailing,
  contractMeta,
  householdContract,
  insertContractSite,
  signTestContract,
} from '../support/contracts.js';
import { createTestDatabase, createTestServices, createUser, type TestDatabase } from '../support/db.js';
import { SELLER } from '../support/invoices.js';

let db: TestDatabase;
let services: Services;
let mailing: ContractMailing;
let admin: Awaited<ReturnType<typeof createUser>>;
let claire: Awaited<ReturnType<typeof createUser>>;
let id: string;
let number: string;
let invoice2025: string;
const closer = { kind: 'system' as const, name: 'test' };

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  await saveIdentity(db.sql, SELLER, null);
  mailing = await contractMailing(db.sql, services.config);
  admin = await createUser(services, { role: 'admin' });
  claire = await createUser(services, { firstName: 'Claire', lastName: 'Durand' });
  // Her home (more than two years old: 10 % VAT), from 1 January 2025, 180 € HT a year billed yearly.
  const { state } = await signTestContract(
    db.sql,
    householdContract(await insertContractSite(db.sql), {
      customerId: claire.id,
      customer: {
        name: 'Claire Durand',
        email: claire.email,
        street: '3 rue des Lilas',
        zipCode: '27000',
        city: 'Évreux',
      },
      startDate: '2025-01-01',
    }),
    mailing,
    '2024-12-10T09:00:00.000Z',
  );
  id = state!.id;
  number = state!.number;
  const at = '2025-12-20T08:00:00.000Z';
  [invoice2025] = (await issueDueContractInvoices(db.sql, id, {
    meta: contractMeta(at),
    config: services.config,
    clock: clockAt(at),
  })) as [string];
}, 120_000);
afterAll(async () => {
  await db.drop();
});

const pay = (amountCents: number, day: string, at: string, invoiceNumber = invoice2025!) =>
  recordContractPayment(
    db.sql,
    id,
    { invoiceNumber, amountCents, method: 'cheque', day, reference: 'Chèque 1234567' },
    contractMeta(at),
  );
const version = async () => (await readContract(db.sql, id))!.version;
const invoiceRow = async (today: string, n = invoice2025) =>
  (await contractDetail(db.sql, id, today)).invoices.find((i) => i.number === n)!;
/** The contract's row of « Contrats » (its balance from the read table) and its page, which must agree. */
const balance = async (today: string) => {
  const listed = (await listContracts(db.sql, today)).find((c) => c.id === id)!;
  const page = await contractDetail(db.sql, id, today);
  expect({ owedCents: page.owedCents, toRefundCents: page.toRefundCents }).toEqual({
    owedCents: listed.owedCents,
    toRefundCents: listed.toRefundCents,
  });
  return { owedCents: listed.owedCents, toRefundCents: listed.toRefundCents };
};

describe('« Enregistrer un paiement » on a contract invoice', () => {
  it('refuses one cent over what the invoice owes, records it in part, names the invoice', async () => {
    expect(await invoiceRow('2025-12-20')).toMatchObject({
      totalInclCents: 19_800,
      leftCents: 19_800,
      paymentLabel: 'À payer',
    });
    expect(await balance('2025-12-20')).toEqual({ owedCents: 19_800, toRefundCents: 0 });
    const before = await version();
    await expect(pay(19_801, '2025-12-20', '2025-12-20T09:00:00.000Z')).rejects.toMatchObject({
      code: 'AMOUNT_TOO_HIGH',
      message: `Le montant dépasse le reste à payer (${formatEuros(19_800)}).`,
    });
    expect(await version()).toBe(before);
    await pay(10_000, '2025-12-20', '2025-12-20T09:00:00.000Z');
    const events = await db.sql<{ data: Record<string, unknown> }[]>`
      select data from events where stream_id = ${id} and type = 'PaymentRecorded' order by version`;
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        invoiceNumber: invoice2025,
        day: '2025-12-20',
        method: 'cheque',
        amountCents: 10_000,
        vatRate: 10,
        vatCents: includedTaxCents(10_000, 10),
        reference: 'Chèque 1234567',
      }),
    ]);
    expect(await invoiceRow('2025-12-20')).toMatchObject({
      paidCents: 10_000,
      leftCents: 9_800,
      paymentLabel: `Partiellement payée (${formatEuros(10_000)} reçus)`,
    });
    // « Contrats » shows what is left to pay: the unpaid part, to the cent.
    expect(await balance('2025-12-20')).toEqual({ owedCents: 9_800, toRefundCents: 0 });
  });

  it('refuses a day in the future, before the signature, or an invoice of no such number', async () => {
    const before = await version();
    await expect(pay(100, '2025-12-21', '2025-12-20T10:00:00.000Z')).rejects.toMatchObject({
      code: 'INVALID_DATE',
      message: 'La date du paiement ne peut pas être dans le futur.',
    });
    await expect(pay(100, '2024-12-09', '2025-12-20T10:00:00.000Z')).rejects.toMatchObject({
      code: 'INVALID_DATE',
      message: 'La date du paiement ne peut pas précéder la signature du contrat.',
    });
    await expect(pay(100, '2025-12-20', '2025-12-20T10:00:00.000Z', 'FA-2025-999999')).rejects.toMatchObject({
      code: 'INVOICE_NOT_FOUND',
    });
    expect(await version()).toBe(before);
  });

  it('refuses a closed day; the next day a second payment completes the invoice: « Payée »', async () => {
    await closeThrough(db.sql, '2025-12-20', closer, { now: new Date('2025-12-21T09:00:00.000Z') });
    const before = await version();
    await expect(pay(9_800, '2025-12-20', '2025-12-21T09:30:00.000Z')).rejects.toMatchObject({
      code: 'PERIOD_CLOSED',
      message: `La journée du ${frenchDay('2025-12-20')} est clôturée : aucun mouvement ne peut y être enregistré. Enregistrez-le à la date du jour.`,
    });
    await expect(pay(9_801, '2025-12-21', '2025-12-21T09:30:00.000Z')).rejects.toMatchObject({
      code: 'AMOUNT_TOO_HIGH',
      message: `Le montant dépasse le reste à payer (${formatEuros(9_800)}).`,
    });
    expect(await version()).toBe(before);
    await pay(9_800, '2025-12-21', '2025-12-21T09:30:00.000Z');
    expect(await invoiceRow('2025-12-21')).toMatchObject({
      paidCents: 19_800,
      leftCents: 0,
      paymentLabel: 'Payée',
    });
    await expect(pay(1, '2025-12-21', '2025-12-21T10:00:00.000Z')).rejects.toMatchObject({
      code: 'AMOUNT_TOO_HIGH',
      message: 'Cette facture est déjà entièrement payée.',
    });
    const [row] = await db.sql<{ owedCents: number; toRefundCents: number }[]>`
      select owed_cents, to_refund_cents from service_contracts where id = ${id}`;
    expect(row).toEqual({ owedCents: 0, toRefundCents: 0 });
  });
});

describe('the account of a contract customer', () => {
  it('is not erased while the contract runs: the back-office and the customer are told which', async () => {
    await expect(deleteCustomerAccount(services, admin.id, claire.id, 'test:erase')).rejects.toMatchObject({
      code: 'OPEN_ORDERS',
      message: `Ce compte ne peut pas encore être supprimé : le contrat ${number} (en cours) n’est pas terminé. Terminez-le, ou résiliez-le et remboursez, puis supprimez le compte.`,
    });
    expect(await ownErasureBlocker(services, claire.id)).toBe(
      `Votre compte ne peut pas encore être supprimé : votre contrat ${number} (en cours) n’est pas terminé. Nous devons d’abord le terminer, ou le résilier et vous rembourser : contactez-nous, puis supprimez votre compte.`,
    );
  });
});

describe('« Enregistrer le remboursement » of a free termination’s credit note', () => {
  let credit: { number: string; totalInclCents: number };
  const refund = (amountCents: number, at: string) =>
    recordContractRefund(
      db.sql,
      id,
      { creditNoteNumber: credit.number, amountCents, method: 'transfer' },
      contractMeta(at),
    );
  const creditRow = async () =>
    (await contractDetail(db.sql, id, '2026-03-10')).credits.find((c) => c.number === credit.number)!;

  it('is « à rembourser » once the paid year is ended early, and the erasure waits for it', async () => {
    // Renewed on 1 January 2026 without its Chatel notice: the customer may end it at any time.
    await renewAndPlan(db.sql, id, contractMeta('2026-01-01T08:00:00.000Z'));
    const at = '2026-01-01T08:30:00.000Z';
    const [invoice2026] = await issueDueContractInvoices(db.sql, id, {
      meta: contractMeta(at),
      config: services.config,
      clock: clockAt(at),
    });
    await pay(19_800, '2026-03-10', '2026-03-10T08:00:00.000Z', invoice2026);
    const { state } = await terminateContract(
      db.sql,
      id,
      { by: 'customer', online: true, reason: '' },
      contractMeta('2026-03-10T09:00:00.000Z'),
      mailing,
      clockAt('2026-03-10T09:00:00.000Z'),
    );
    expect(state!.terminated).toMatchObject({ endsOn: '2026-03-10', free: true });
    credit = state!.credits[0]!;
    // 198,00 € for 2026 (365 days); 11 March – 31 December left, 296 days.
    expect(credit.totalInclCents).toBe(Math.round((19_800 * 296) / 365));
    expect(await creditRow()).toMatchObject({
      refundableCents: credit.totalInclCents,
      refundLabel: `${formatEuros(credit.totalInclCents)} à rembourser`,
    });
    expect(await balance('2026-03-10')).toEqual({ owedCents: 0, toRefundCents: credit.totalInclCents });
    // Ended (its last day is past), paid, but owed a refund: still kept.
    await expect(deleteCustomerAccount(services, admin.id, claire.id, 'test:erase')).rejects.toThrow(
      `Ce compte ne peut pas encore être supprimé : le contrat ${number} (à rembourser) n’est pas terminé.`,
    );
  });

  it('refuses one cent over, records a part, refuses one cent over the rest, then « Remboursé », once', async () => {
    const before = await version();
    await expect(refund(credit.totalInclCents + 1, '2026-03-10T10:00:00.000Z')).rejects.toMatchObject({
      code: 'REFUND_TOO_HIGH',
      message: `Le remboursement dépasse ce qui reste à rembourser (${formatEuros(credit.totalInclCents)}).`,
    });
    expect(await version()).toBe(before);
    await refund(10_000, '2026-03-10T10:00:00.000Z');
    const rest = credit.totalInclCents - 10_000;
    expect(await creditRow()).toMatchObject({
      refundedCents: 10_000,
      refundLabel: `${formatEuros(rest)} à rembourser`,
    });
    await expect(refund(rest + 1, '2026-03-10T11:00:00.000Z')).rejects.toMatchObject({
      code: 'REFUND_TOO_HIGH',
    });
    await refund(rest, '2026-03-10T11:00:00.000Z');
    expect(await creditRow()).toMatchObject({ refundableCents: 0, settled: true, refundLabel: 'Remboursé' });
    await expect(refund(1, '2026-03-10T11:30:00.000Z')).rejects.toMatchObject({
      code: 'ALREADY_REFUNDED',
      message: 'Cet avoir est déjà remboursé.',
    });
    const events = await db.sql<{ data: Record<string, unknown> }[]>`
      select data from events where stream_id = ${id} and type = 'RefundRecorded' order by version`;
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ creditNoteNumber: credit.number, day: '2026-03-10', amountCents: 10_000 }),
      expect.objectContaining({ creditNoteNumber: credit.number, day: '2026-03-10', amountCents: rest }),
    ]);
  });

  it('the day’s closure counts the payment in and the refunds out, by VAT rate and net', async () => {
    const written = await closeThrough(db.sql, '2026-03-10', closer, {
      now: new Date('2026-03-11T09:00:00.000Z'),
    });
    const day = written.find((c) => c.kind === 'day' && c.period === '2026-03-10');
    const rest = credit.totalInclCents - 10_000;
    expect(day?.totals).toEqual({
      movementCount: 3,
      netCents: 19_800 - credit.totalInclCents,
      byMethod: { cheque: 19_800, transfer: -credit.totalInclCents },
      byVat: [
        {
          rate: 10,
          amountCents: 19_800 - credit.totalInclCents,
          vatCents: includedTaxCents(19_800, 10) - includedTaxCents(10_000, 10) - includedTaxCents(rest, 10),
        },
      ],
    });
    const audit = await verifyDatabase(db.sql, 'audit-test-key-0123456789');
    expect(audit.problems ?? []).toEqual([]);
    expect(audit.ok).toBe(true);
    expect((await replayContracts(db.sql)).differences).toEqual([]);
  });

  it('then the account is erased: the contract ended, its invoices paid, its credit note refunded', async () => {
    expect(await ownErasureBlocker(services, claire.id)).toBeNull();
    await deleteCustomerAccount(services, admin.id, claire.id, 'test:erase');
    expect((await readContract(db.sql, id))!.customer.name).toBe('Client supprimé');
    expect((await replayContracts(db.sql)).differences).toEqual([]);
  });
});
