import { TRPCClientError } from '@trpc/client';

/** The French message the server attached to a failed call, or the generic one. */
export function errorMessage(error: unknown, fallback = 'Une erreur est survenue'): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  return fallback;
}

/** Field messages from a zod failure on the server, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string | undefined> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v?.[0]]));
}
