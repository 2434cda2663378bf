import { z } from 'zod';
import { contractInputSchema, terminateInputSchema } from '../../domain/contracts/contract.js';
import { contractRefundInput } from '../../domain/contracts/money.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { recordPaymentInput } from '../../domain/orders/money.js';
import { uuidInput } from '../../domain/security/ids.js';
import {
  confirmPlannedVisit,
  issueDueContractInvoices,
  recordContractPayment,
  recordContractRefund,
  signContract,
  terminateContract,
} from '../contracts/commands.js';
import {
  type ContractScope,
  contractDetail,
  contractInScope,
  contractLinkScope,
  contractSites,
  customerContracts,
  listContracts,
  visitsToConfirm,
} from '../contracts/queries.js';
import { orderDocumentPdf, staffDocumentPdf } from '../invoices/queries.js';
import type { TrpcContext } from '../trpc.js';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc.js';
import { mailing, slot } from './planning.js';

/*
 * Yearly contracts (issue 38 point 2, docs/decisions/044-yearly-contracts.md): the owner's
 * « Contrats » screen (list, « Nouveau contrat », the contract's page: planned visits to confirm,
 * invoices, notice evidence, « Résilier »), and the customer's view on /compte and on the signed
 * link (/contrat/{token}) with « Résilier mon contrat » when it was signed online (L215-1-1).
 */
const contractId = uuidInput('Contrat introuvable.');
const token = z.string().min(1).max(100);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide.');
const documentNumber = z.string().max(40);

const meta = (ctx: { user: Parameters<typeof actorFromUser>[0]; requestId: string }) => ({
  actor: actorFromUser(ctx.user),
  at: new Date().toISOString(),
  requestId: ctx.requestId,
});

const config = (ctx: TrpcContext) => ({
  PUBLIC_URL: ctx.config.PUBLIC_URL,
  AUTH_SECRET: ctx.config.AUTH_SECRET,
});

async function terminateAsCustomer(ctx: TrpcContext, scope: ContractScope, id: string) {
  await contractInScope(ctx.sql, scope, id);
  const handled = await terminateContract(
    ctx.sql,
    id,
    { by: 'customer', online: true, reason: '' },
    meta(ctx),
    await mailing(ctx),
  );
  return { endsOn: handled.state?.terminated?.endsOn ?? null };
}

export const contractsRouter = router({
  list: adminProcedure.query(({ ctx }) => listContracts(ctx.sql)),
  /** The sites « Nouveau contrat » offers (h38site's screen manages them). */
  sites: adminProcedure.query(({ ctx }) => contractSites(ctx.sql)),
  get: adminProcedure
    .input(z.object({ contractId }))
    .query(({ ctx, input }) => contractDetail(ctx.sql, input.contractId)),
  /** « Nouveau contrat ». */
  create: adminProcedure.input(contractInputSchema).mutation(async ({ ctx, input }) => {
    const handled = await signContract(ctx.sql, input, meta(ctx), await mailing(ctx));
    return { id: handled.state?.id ?? null, number: handled.state?.number ?? null };
  }),
  /** The planned visits to confirm between two days (the owner's planning shows them « À confirmer »). */
  toConfirm: adminProcedure
    .input(z.object({ from: day, to: day }))
    .query(({ ctx, input }) => visitsToConfirm(ctx.sql, input.from, input.to)),
  /**
   * « Confirmer »: the visit's intervention and its appointment, on the planned day or, for a visit
   * replanned (a late one), on the slot's day (`visitDay` names the planned visit then).
   */
  confirmVisit: adminProcedure
    .input(z.object({ contractId, visitDay: day.optional(), slot }))
    .mutation(
      async ({ ctx, input }) =>
        await confirmPlannedVisit(
          ctx.sql,
          input.contractId,
          input.visitDay ?? input.slot.day,
          input.slot,
          meta(ctx),
          await mailing(ctx),
        ),
    ),
  /** « Facturer »: every started period without its invoice (the sweep does the same on its own). */
  invoice: adminProcedure.input(z.object({ contractId })).mutation(async ({ ctx, input }) => {
    const numbers = await issueDueContractInvoices(ctx.sql, input.contractId, {
      meta: meta(ctx),
      config: config(ctx),
    });
    return { numbers };
  }),
  /** Staff read a contract's invoice as issued, under legal hold or not (ADR 020). */
  invoicePdf: adminProcedure
    .input(z.object({ contractId, number: documentNumber }))
    .query(({ ctx, input }) => staffDocumentPdf(ctx.sql, input.number, input.contractId)),
  /** « Résilier » by the owner: a reason; the date follows the contract's terms. */
  terminate: adminProcedure.input(terminateInputSchema).mutation(async ({ ctx, input }) => {
    const handled = await terminateContract(
      ctx.sql,
      input.contractId,
      { by: 'owner', online: false, reason: input.reason },
      meta(ctx),
      await mailing(ctx),
    );
    return { endsOn: handled.state?.terminated?.endsOn ?? null };
  }),
  /** « Enregistrer un paiement » on one of the contract's invoices (ADR 046). */
  recordPayment: adminProcedure
    .input(recordPaymentInput.extend({ contractId, invoiceNumber: documentNumber }))
    .mutation(async ({ ctx, input }) => {
      const { contractId: id, ...payment } = input;
      await recordContractPayment(ctx.sql, id, payment, meta(ctx));
      return { ok: true as const };
    }),
  /** « Enregistrer le remboursement » of one of the contract's credit notes, dated today (ADR 046). */
  recordRefund: adminProcedure
    .input(contractRefundInput.extend({ contractId, creditNoteNumber: documentNumber }))
    .mutation(async ({ ctx, input }) => {
      const { contractId: id, ...refund } = input;
      await recordContractRefund(ctx.sql, id, refund, meta(ctx));
      return { ok: true as const };
    }),
  /** /compte: the account's contracts. */
  mine: authedProcedure.query(({ ctx }) => customerContracts(ctx.sql, { user: ctx.user })),
  minePdf: authedProcedure
    .input(z.object({ contractId, number: documentNumber }))
    .query(async ({ ctx, input }) =>
      orderDocumentPdf(
        ctx.sql,
        await contractInScope(ctx.sql, { user: ctx.user }, input.contractId),
        input.number,
      ),
    ),
  /** « Résilier mon contrat » from /compte. */
  terminateMine: authedProcedure
    .input(z.object({ contractId }))
    .mutation(({ ctx, input }) => terminateAsCustomer(ctx, { user: ctx.user }, input.contractId)),
  /** The signed link's page (/contrat/{token}). */
  byToken: publicProcedure
    .input(z.object({ token }))
    .query(({ ctx, input }) =>
      customerContracts(ctx.sql, contractLinkScope(ctx.config.AUTH_SECRET, input.token)),
    ),
  tokenPdf: publicProcedure
    .input(z.object({ token, contractId, number: documentNumber }))
    .query(async ({ ctx, input }) =>
      orderDocumentPdf(
        ctx.sql,
        await contractInScope(
          ctx.sql,
          contractLinkScope(ctx.config.AUTH_SECRET, input.token),
          input.contractId,
        ),
        input.number,
      ),
    ),
  terminateByToken: publicProcedure
    .input(z.object({ token, contractId }))
    .mutation(({ ctx, input }) =>
      terminateAsCustomer(ctx, contractLinkScope(ctx.config.AUTH_SECRET, input.token), input.contractId),
    ),
});
