import { initTRPC } from '@trpc/server';
// zod's own messages in French for every procedure's input (installed on import).
import '../domain/common/zod-fr.js';
import { isStaff } from '../domain/account/roles.js';
import { DomainError, isDomainError } from '../domain/errors.js';
import { hasUncleanText, INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE } from '../domain/security/text.js';
import { type Context, sameIdentity } from './context.js';
import { errors, formatError, toTRPCError } from './errors.js';
import type { LiveHub } from './live/hub.js';

/*
 * Errors are mapped in errors.ts (formatError, toTRPCError); the guards below throw its errors.
 */
/**
 * A procedure's context: the request's (context.ts), and on websocket calls the instance's live
 * updates (src/server/live), set by the http server (kept out of context.ts, which lower rooms read).
 */
export interface TrpcContext extends Context {
  live?: LiveHub;
}

const t = initTRPC.context<TrpcContext>().create({ errorFormatter: formatError });

/** Turns typed domain errors thrown anywhere below a procedure into the matching tRPC error. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

/** Text hygiene (src/domain/security/text.ts) for every input, before any schema or resolver. */
const cleanText = t.middleware(async ({ getRawInput, next }) => {
  // An input-less mutation sent without a body cannot be read as JSON: nothing to check then (a
  // procedure that has an input reads it again and answers BAD_REQUEST).
  const raw = await getRawInput().catch(() => undefined);
  if (hasUncleanText(raw)) {
    throw new DomainError('invalid', INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE);
  }
  return next();
});

/**
 * On a websocket, the session is re-read for every call: a socket never keeps rights its user has
 * lost. When the identity or role changed since the socket opened, the call is refused and the
 * socket closed (its client reconnects with the session it has now).
 */
const followSession = t.middleware(async ({ ctx, next }) => {
  if (!ctx.socket) return next();
  const current = await ctx.socket.current();
  if (!sameIdentity(current, ctx.socket.opened)) {
    ctx.socket.close('Session changed');
    throw errors.sessionChanged();
  }
  return next({ ctx: { ...ctx, user: current } });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(domainErrors).use(cleanText).use(followSession);

export const authedProcedure = publicProcedure.use(function isAuthed({ ctx, next }) {
  if (!ctx.user) throw errors.unauthenticated();
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** What an auditor is told when a call would change something (kept here for its importers). */

export const adminProcedure = authedProcedure.use(function isAdmin({ ctx, next }) {
  if (ctx.user.role !== 'admin') {
    throw ctx.user.role === 'auditor' ? errors.auditorReadOnly() : errors.notAdmin();
  }
  return next({ ctx });
});

/**
 * Read-only back-office procedures: admins and auditors. Anything that changes data stays on
 * adminProcedure, so an auditor is refused every change (FORBIDDEN).
 */
export const staffProcedure = authedProcedure.use(function isStaffMember({ ctx, next }) {
  if (!isStaff(ctx.user.role)) throw errors.notAdmin();
  return next({ ctx });
});
