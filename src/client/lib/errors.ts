import { TRPCClientError } from '@trpc/client';

/** The French message the server attached to a failed call, or the generic one. */
export function errorMessage(error: unknown, fallback = 'Une erreur est survenue'): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  return fallback;
}
