import { z } from 'zod';
import { adminOrderInputSchema } from '../../domain/checkout/schema.js';
import { NOTES_MAX } from '../../domain/common/limits.js';
import { orderListInput, orderNoteInput } from '../../domain/orders/admin-list.js';
import { SHIPMENT_FIELD_MAX } from '../../domain/orders/decider.js';
import { actorFromUser } from '../../domain/orders/events.js';
import {
  cancelAndRefundInput,
  cancelPaymentInput,
  recordPaymentInput,
  refundInput,
} from '../../domain/orders/money.js';
import { STATUS_REASON_TOO_LONG } from '../../domain/orders/transitions.js';
import { withdrawalExceptionSchema } from '../../domain/orders/withdrawal.js';
import { idInput } from '../../domain/security/ids.js';
import type { Context, SessionUser } from '../context.js';
import { findBuyer } from '../customers/buyer.js';
import { adminOrderDetails, listAdminOrders, withFreshRowOnConflict } from '../orders/admin-orders.js';
import { placeAdminOrder } from '../orders/admin-place.js';
import { refuseWhileLegallyIncomplete } from '../orders/checkout.js';
import { addOrderNote, deleteOrder, setOrderStatus } from '../orders/commands.js';
import type { Committed } from '../orders/commit.js';
import { staffOrderHistory } from '../orders/history.js';
import {
  cancelAndRefund,
  cancelPayment,
  markPaymentFailed,
  recordPayment,
  refundOrder,
} from '../orders/money.js';
import { recordWithdrawalException } from '../orders/withdrawal.js';
import { adminProcedure, router, staffProcedure } from '../trpc.js';

/* Who may read orders in the back-office: staff (admins and auditors). Every change stays on adminProcedure. */
const orderReaderProcedure = staffProcedure;

const orderId = idInput;
const expectedVersion = z.number().int().min(1).optional();
/** Given with "Expédiée": the decider trims them and keeps them on that change only. */
const shipmentInput = z
  .object({
    carrier: z.string().max(SHIPMENT_FIELD_MAX, 'Transporteur trop long').optional(),
    trackingNumber: z.string().max(SHIPMENT_FIELD_MAX, 'Numéro de suivi trop long').optional(),
  })
  .optional();

/**
 * Who asks and when. Routers only call the commands: the documents a change implies (the invoice,
 * a credit note) are issued by the command path itself, through the decision port (ADR 019).
 */
const commandMeta = (ctx: Context & { user: SessionUser }, version?: number) => ({
  actor: actorFromUser(ctx.user),
  at: new Date().toISOString(),
  requestId: ctx.requestId,
  expectedVersion: version,
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
    .input(
      z.object({
        orderId,
        status: z.string().max(50),
        reason: z.string().trim().max(NOTES_MAX, STATUS_REASON_TOO_LONG).optional(),
        expectedVersion,
        shipment: shipmentInput,
      }),
    )
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await withFreshRowOnConflict(ctx.sql, input.orderId, () =>
          setOrderStatus(
            ctx.sql,
            input.orderId,
            input.status,
            commandMeta(ctx, input.expectedVersion),
            input.reason,
            input.shipment,
          ),
        ),
      ),
    ),

  /** Money (issue 24): every change is a new entry of the order's log, never an edit. */
  recordPayment: adminProcedure
    .input(recordPaymentInput.extend({ orderId, expectedVersion }))
    .mutation(async ({ ctx, input }) => {
      const { orderId: id, expectedVersion: version, ...payment } = input;
      return outcome(
        id,
        await withFreshRowOnConflict(ctx.sql, id, () =>
          recordPayment(ctx.sql, id, payment, commandMeta(ctx, version)),
        ),
      );
    }),

  cancelPayment: adminProcedure
    .input(cancelPaymentInput.extend({ orderId, expectedVersion }))
    .mutation(async ({ ctx, input }) => {
      const { orderId: id, expectedVersion: version, ...payment } = input;
      return outcome(
        id,
        await withFreshRowOnConflict(ctx.sql, id, () =>
          cancelPayment(ctx.sql, id, payment, commandMeta(ctx, version)),
        ),
      );
    }),

  refund: adminProcedure
    .input(refundInput.extend({ orderId, expectedVersion }))
    .mutation(async ({ ctx, input }) => {
      const { orderId: id, expectedVersion: version, ...refund } = input;
      return outcome(
        id,
        await withFreshRowOnConflict(ctx.sql, id, () =>
          refundOrder(ctx.sql, id, refund, commandMeta(ctx, version)),
        ),
      );
    }),

  cancelAndRefund: adminProcedure
    .input(cancelAndRefundInput.extend({ orderId, expectedVersion }))
    .mutation(async ({ ctx, input }) => {
      const { orderId: id, expectedVersion: version, ...rest } = input;
      return outcome(
        id,
        await withFreshRowOnConflict(ctx.sql, id, () =>
          cancelAndRefund(ctx.sql, id, rest, commandMeta(ctx, version)),
        ),
      );
    }),

  markPaymentFailed: adminProcedure
    .input(z.object({ orderId, note: z.string().trim().max(500).optional(), expectedVersion }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await markPaymentFailed(
          ctx.sql,
          input.orderId,
          { note: input.note },
          commandMeta(ctx, input.expectedVersion),
        ),
      ),
    ),

  /** "Nouvelle commande": an order taken by phone or at the counter, placed as the shop places one. */
  create: adminProcedure.input(adminOrderInputSchema).mutation(async ({ ctx, input }) => {
    await refuseWhileLegallyIncomplete(ctx);
    return placeAdminOrder(ctx, input, await findBuyer(ctx.sql, input.customerId ?? null));
  }),

  addNote: adminProcedure
    .input(orderNoteInput.extend({ orderId }))
    .mutation(async ({ ctx, input }) =>
      outcome(input.orderId, await addOrderNote(ctx.sql, input.orderId, input.note, commandMeta(ctx))),
    ),

  /** The owner records the hygiene exception (L221-28 5°) on lines of a withdrawal: never automatic. */
  recordWithdrawalException: adminProcedure
    .input(withdrawalExceptionSchema.extend({ orderId }))
    .mutation(async ({ ctx, input }) =>
      outcome(
        input.orderId,
        await recordWithdrawalException(ctx.sql, input.orderId, input, commandMeta(ctx)),
      ),
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
