import type { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/routers/index.js';

/**
 * A failed tRPC call, recognised by its name rather than with `instanceof`: the check must not
 * import @trpc/client, which the marketing pages load only with the first use of a form
 * (docs/decisions/017-js-budget.md).
 */
export function isTrpcError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** The French message the server attached to a failed call, or the generic one. */
export function errorMessage(error: unknown, fallback = 'Une erreur est survenue'): string {
  if (isTrpcError(error) && error.message) return error.message;
  return fallback;
}
