/**
 * Closed days (ADR 018): the advisory lock closures take exclusively and money commands share, and
 * whether a Paris day is already closed. Read by the order command handler (commands.ts) for a
 * money command, by the closures (audit/closures.ts) and by an intervention's invoice.
 */
import type { Tx } from '../db/client.js';

/** The advisory lock closures take exclusively and money commands share. */
export const CLOSURE_LOCK = 'h27:money-closures';

/**
 * Whether a Paris day is closed, read in the caller's transaction. Days are closed in order, so
 * every day up to the last closure's last day is closed (days without movement included).
 */
export async function isDayClosed(tx: Tx, day: string): Promise<boolean> {
  const [row] = await tx<{ closed: boolean }[]>`
    select exists (select 1 from money_closures where ${day}::date <= last_day) as closed`;
  return row?.closed ?? false;
}
