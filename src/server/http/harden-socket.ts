import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * The one place that reaches into `ws` internals. Written against ws 8.23.0 (package.json pins
 * ws ^8): `ws._socket` is the TCP socket a server-side WebSocket writes to (set in
 * lib/websocket.js setSocket). `harden-socket.test.ts` fails when an upgrade moves it, so this is
 * looked at again instead of silently doing nothing.
 */
export const WS_VERSION_WRITTEN_FOR = '8.23.0';

/** The TCP socket under a server-side websocket (ws private field), or null if it moved. */
export function tcpSocketOf(ws: WebSocket): Duplex | null {
  const socket = (ws as unknown as { _socket?: unknown })._socket;
  return socket && typeof (socket as Duplex).cork === 'function' ? (socket as Duplex) : null;
}

/**
 * Hardens one accepted websocket:
 * - the messages sent to it within one tick (live events read together) leave in one write (one
 *   syscall) rather than one each, by corking its TCP socket until the next tick;
 * - each incoming message passes `admit` before anyone sees it: tRPC's adapter listens to
 *   'message' itself, so filtering at emit lets a refused message never reach it (a listener of
 *   our own would run beside it, not before it). `admit` returns false to drop the message (it
 *   closes the socket itself).
 * Returns false when the socket could not be corked (ws internals moved): sends still work.
 */
export function hardenSocket(ws: WebSocket, admit: (data: unknown, isBinary: boolean) => boolean): boolean {
  const emit = ws.emit.bind(ws);
  ws.emit = ((event: string, ...args: unknown[]) => {
    if (event === 'message' && !admit(args[0], args[1] === true)) return false;
    return emit(event, ...args);
  }) as typeof ws.emit;

  const socket = tcpSocketOf(ws);
  if (!socket) return false;
  const send = ws.send.bind(ws);
  let corked = false;
  ws.send = ((...args: Parameters<typeof ws.send>) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    }
    return send(...args);
  }) as typeof ws.send;
  return true;
}
