import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError, z } from 'zod';
import { DomainError, type DomainErrorKind, isDomainError } from '../domain/errors.js';
import { hasUncleanText, INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE } from '../domain/security/text.js';
import { type Context, sameIdentity } from './context.js';

const kindToCode: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalid: 'BAD_REQUEST',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  forbidden: 'FORBIDDEN',
  unauthenticated: 'UNAUTHORIZED',
  rate_limited: 'TOO_MANY_REQUESTS',
  concurrency: 'CONFLICT',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/** The French message shown when input fails its schema and no field message applies. */
export const INVALID_INPUT_MESSAGE = 'Données invalides';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof ZodError) {
      const flat = z.flattenError(cause);
      const first = cause.issues[0]?.message;
      return {
        ...shape,
        message: first ?? INVALID_INPUT_MESSAGE,
        data: {
          ...shape.data,
          domainCode: 'INVALID_INPUT',
          fieldErrors: flat.fieldErrors,
          formErrors: flat.formErrors,
        },
      };
    }
    if (isDomainError(cause)) {
      return {
        ...shape,
        message: cause.message,
        data: { ...shape.data, domainCode: cause.code, details: cause.details ?? null },
      };
    }
    // Never leak internals of unexpected failures to clients.
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: 'Une erreur est survenue', data: { ...shape.data, stack: undefined } };
    }
    return shape;
  },
});

/** Turns typed domain errors thrown anywhere below a procedure into the matching tRPC error. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: kindToCode[cause.kind], message: cause.message, cause });
  }
  return result;
});

/** Text hygiene (src/domain/security/text.ts) for every input, before any schema or resolver. */
const cleanText = t.middleware(async ({ getRawInput, next }) => {
  if (hasUncleanText(await getRawInput())) {
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
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: 'Votre session a changé : la connexion va être rétablie.',
    });
  }
  return next({ ctx: { ...ctx, user: current } });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(domainErrors).use(cleanText).use(followSession);

export const authedProcedure = publicProcedure.use(function isAuthed({ ctx, next }) {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Vous devez être connecté.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = authedProcedure.use(function isAdmin({ ctx, next }) {
  if (ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: "Vous n'avez pas les droits d'administration." });
  }
  return next({ ctx });
});
