/**
 * Typed business errors: a kind (what the transport maps it to), a stable machine code for
 * programs, and a French message for people. Thrown by the domain and by server modules; mapped
 * to tRPC codes once, in the error formatter.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'not_found'
  | 'conflict'
  | 'forbidden'
  | 'unauthenticated'
  | 'rate_limited'
  | 'concurrency'
  /** The service refuses for now (maintenance mode). */
  | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /**
     * Data for programs. `field`: the input key the person must fix (the procedure's, which is the
     * form field's name): the form shows the message under that field (client/lib/use-form.ts).
     */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
