import type { WebSocket } from 'ws';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';

/*
 * Ending a user's sessions everywhere: their session rows go (every instance's next request finds
 * none), and a notification, sent when the transaction commits, tells every instance to close that
 * user's open websockets at once instead of at their next call or idle check (context.ts).
 */

const CHANNEL = 'h27_sessions_revoked';

/** Deletes every session of the user; their sockets close when the caller's transaction commits. */
export async function revokeSessions(tx: Tx, userId: string): Promise<number> {
  const rows = await tx`delete from sessions where user_id = ${userId} returning id`;
  await tx`select pg_notify(${CHANNEL}, ${userId})`;
  return rows.length;
}

/**
 * Sessions someone else deleted (better-auth, on a password reset) and already committed: every
 * instance closes that user's sockets now.
 */
export async function announceRevocation(sql: Tx, userId: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${userId})`;
}

/** The open websockets of one instance, by the user they were opened for. */
export function createSocketRegistry() {
  const byUser = new Map<string, Set<WebSocket>>();
  return {
    track(userId: string, ws: WebSocket) {
      const set = byUser.get(userId) ?? new Set<WebSocket>();
      byUser.set(userId, set);
      set.add(ws);
      ws.once('close', () => {
        set.delete(ws);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      });
    },
    /** Sockets open for the user on this instance. */
    count(userId: string): number {
      return byUser.get(userId)?.size ?? 0;
    },
    /** 4401: the client reconnects with the cookies it has now (none valid: anonymous). */
    close(userId: string) {
      for (const ws of byUser.get(userId) ?? []) ws.close(4401, 'Session revoked');
    },
  };
}
export type SocketRegistry = ReturnType<typeof createSocketRegistry>;

/** Closes the sockets of users whose sessions any instance revoked. stop() ends the listening. */
export async function listenForRevocations(sql: Sql, sockets: SocketRegistry) {
  const listener = await sql
    .listen(CHANNEL, (userId) => sockets.close(userId))
    .catch((error: unknown) => {
      // Without it, sockets still lose their rights at their next call or idle check.
      logger.warn('Session revocations: cannot listen', error);
      return null;
    });
  return { stop: async () => void (await listener?.unlisten().catch(() => undefined)) };
}
