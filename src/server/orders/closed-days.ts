/**
 * Closed days (ADR 018): the advisory lock closures take exclusively and money commands share, and
 * whether a Paris day is already closed. Read by the order command handler (commands.ts) for a
 * money command, by the closures (audit/closures.ts) and by an intervention's invoice.
 */
import { isRealDay } from '../../domain/common/dates.js';
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

/**
 * A money movement's day, in the caller's transaction: takes the closures' lock in shared mode (no
 * movement lands in a day while it is being closed), then says whether `day` is closed (false for
 * a day that is not a real date: the decider refuses it with its own message).
 */
export async function moneyDayClosed(tx: Tx, day: string): Promise<boolean> {
  await tx`select pg_advisory_xact_lock_shared(hashtextextended(${CLOSURE_LOCK}, 0))`;
  return isRealDay(day) ? await isDayClosed(tx, day) : false;
}
