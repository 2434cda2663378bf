import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError, z } from 'zod';
import { DomainError, type DomainErrorKind, isDomainError } from '../domain/errors.js';
import { ORIGIN_REFUSED_CODE } from '../domain/security/origin.js';

/*
 * The one place where errors become answers: typed domain errors (src/domain/errors.ts) and zod
 * failures get their tRPC code, their French message and their data for programs (domainCode,
 * fieldErrors). Routers and server functions throw DomainError (the makers below for the common
 * ones) and never build a TRPCError or a message of their own.
 */

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

/** The HTTP status of each kind, for the non-tRPC routes (http/staff-gate.ts answers with it). */
export const kindToHttpStatus: Record<DomainErrorKind, number> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  rate_limited: 429,
  concurrency: 409,
  unavailable: 503,
};

/** The French message shown when input fails its schema and no field message applies. */
export const INVALID_INPUT_MESSAGE = 'Données invalides';
/** What an unexpected failure tells the client (details stay in the server's log). */
export const INTERNAL_ERROR_MESSAGE = 'Une erreur est survenue';

/** What an auditor is told when a call would change something. */
export const AUDITOR_READ_ONLY_MESSAGE = 'Un compte auditeur consulte sans rien modifier.';

/** Errors every router shares, with their French messages. */
export const errors = {
  unauthenticated: () => new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Vous devez être connecté.'),
  /** A non-tRPC route called with a method it does not take (answered 405 with an Allow header). */
  methodNotAllowed: () => new DomainError('invalid', 'METHOD_NOT_ALLOWED', 'Méthode non autorisée.'),
  /** Another site's page (Origin, Sec-Fetch-Site) asking for a back-office route with the visitor's cookie. */
  originRefused: (message: string) => new DomainError('forbidden', ORIGIN_REFUSED_CODE, message),
  /** The instance already streams its share of back-office downloads (each holds a database connection). */
  downloadBusy: () =>
    new DomainError(
      'rate_limited',
      'DOWNLOAD_BUSY',
      'Un autre téléchargement est déjà en cours. Réessayez dans un instant.',
    ),
  notAdmin: () => new DomainError('forbidden', 'NOT_ADMIN', "Vous n'avez pas les droits d'administration."),
  auditorReadOnly: () => new DomainError('forbidden', 'AUDITOR_READ_ONLY', AUDITOR_READ_ONLY_MESSAGE),
  sessionChanged: () =>
    new DomainError(
      'unauthenticated',
      'SESSION_CHANGED',
      'Votre session a changé : la connexion va être rétablie.',
    ),
  tooManySockets: (max: number) =>
    new DomainError(
      'rate_limited',
      'TOO_MANY_SOCKETS',
      `Trop de connexions ouvertes pour ce compte (${max} au plus). Fermez un onglet et réessayez.`,
    ),
  liveUnavailable: () =>
    new DomainError(
      'unavailable',
      'LIVE_UNAVAILABLE',
      'Les mises à jour en direct passent par la connexion permanente (websocket).',
    ),
  productNotFound: () => new DomainError('not_found', 'PRODUCT_NOT_FOUND', 'Produit non trouvé'),
  orderNotFound: () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.'),
  profileNotFound: () => new DomainError('not_found', 'PROFILE_NOT_FOUND', 'Profil introuvable'),
  userNotFound: () => new DomainError('not_found', 'USER_NOT_FOUND', 'Utilisateur introuvable'),
};

/** The tRPC error a domain error becomes (thrown anywhere below a procedure). */
export function toTRPCError(cause: DomainError): TRPCError {
  return new TRPCError({ code: kindToCode[cause.kind], message: cause.message, cause });
}

/** The error formatter of the one initTRPC: what clients read of any error. */
export function formatError<Shape extends { message: string; data: object }>({
  shape,
  error,
}: {
  shape: Shape;
  error: TRPCError;
}): Shape {
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
    return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...shape.data, stack: undefined } };
  }
  return shape;
}
