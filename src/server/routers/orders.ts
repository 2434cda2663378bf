import { z } from 'zod';
import { orderListInput, orderNoteInput } from '../../domain/orders/admin-list.js';
import { actorFromUser } from '../../domain/orders/events.js';
import { idInput } from '../../domain/security/ids.js';
import type { Context, SessionUser } from '../context.js';
import { issueDocumentsAfterChange } from '../invoices/issue.js';
import { adminOrderDetails, listAdminOrders, withFreshRowOnConflict } from '../orders/admin-orders.js';
import { addOrderNote, deleteOrder, setOrderPaymentStatus, setOrderStatus } from '../orders/commands.js';
import type { Committed } from '../orders/commit.js';
import { staffOrderHistory } from '../orders/history.js';
import { adminProcedure, router, staffProcedure } from '../trpc.js';

/*
 * Who may read orders in the back-office. Today admins; the auditor role opens them by giving
 * this one builder a guard that admits auditors too. Every change stays on adminProcedure.
 */
const orderReaderProcedure = staffProcedure;

const orderId = idInput;
const expectedVersion = z.number().int().min(1).optional();

const commandMeta = (ctx: Context & { user: SessionUser }, version?: number) => ({
  actor: actorFromUser(ctx.user),
  at: new Date().toISOString(),
  requestId: ctx.requestId,
  expectedVersion: version,
});

/**
 * Status and payment changes issue the documents they imply in their own transaction: the invoice
 * when the order becomes paid, a credit note when an invoiced order is refunded or cancelled.
 * (When payments become their own events, issue 24, its commit calls issueInvoice/issueCreditNote.)
 */
const withDocuments = (ctx: Context & { user: SessionUser }, version?: number) => ({
  ...commandMeta(ctx, version),
  inTransaction: issueDocumentsAfterChange,
});

/** What an admin screen needs back after a change. */
const outcome = (id: string, result: Committed) => ({
  id,
  changed: result.events.length > 0,
  version: result.state?.version ?? 0,
  status: result.state?.status ?? null,
  paymentStatus: result.state?.paymentStatus ?? null,
  deleted: result.state?.deleted ?? false,
});

export const ordersRouter = router({
  /** The back-office list: search, status filter, keyset pages, the count on the first page. */
  list: orderReaderProcedure.input(orderListInput).query(({ ctx, input }) => listAdminOrders(ctx.sql, input)),

  /** The details dialog, from the log (deleted orders too). */
  byId: orderReaderProcedure
    .input(z.object({ orderId }))
    .query(({ ctx, input }) => adminOrderDetails(ctx.sql, input.orderId)),

  /** Every event with who did it, internal notes included. */
  history: orderReaderProcedure
    .input(z.object({ orderId }))
    .query(({ ctx, input }) => staffOrderHistory(ctx.sql, input.orderId)),

  setStatus: adminProcedure
    .input(z.object({ orderId, status: z.string().max(50), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await withFreshRowOnConflict(ctx.sql, input.orderId, () =>
          setOrderStatus(ctx.sql, input.orderId, input.status, withDocuments(ctx, input.expectedVersion)),
        ),
      ),
    ),

  setPaymentStatus: adminProcedure
    .input(z.object({ orderId, paymentStatus: z.string().max(50), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await withFreshRowOnConflict(ctx.sql, input.orderId, () =>
          setOrderPaymentStatus(
            ctx.sql,
            input.orderId,
            input.paymentStatus,
            withDocuments(ctx, input.expectedVersion),
          ),
        ),
      ),
    ),

  addNote: adminProcedure
    .input(orderNoteInput.extend({ orderId }))
    .mutation(async ({ ctx, input }) =>
      outcome(input.orderId, await addOrderNote(ctx.sql, input.orderId, input.note, commandMeta(ctx))),
    ),

  remove: adminProcedure
    .input(z.object({ orderId, reason: z.string().max(1000).optional(), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await withFreshRowOnConflict(ctx.sql, input.orderId, () =>
          deleteOrder(ctx.sql, input.orderId, input.reason ?? null, commandMeta(ctx, input.expectedVersion)),
        ),
      ),
    ),
});
