import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { hardenSocket, tcpSocketOf } from './harden-socket.js';

/** Fails when a `ws` upgrade moves the private field hardenSocket relies on (see its comment). */
describe('hardenSocket on the installed ws', () => {
  it('finds the TCP socket, corks the sends of one tick into one write, and filters messages', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    const port = (wss.address() as net.AddressInfo).port;
    const seen: string[] = [];
    const server = new Promise<{ hardened: boolean; corkedDuringTick: number; socketIsTcp: boolean }>(
      (resolve) => {
        wss.once('connection', (ws) => {
          const socketIsTcp = tcpSocketOf(ws) instanceof net.Socket;
          const hardened = hardenSocket(ws, (data) => String(data) !== 'refused');
          ws.on('message', (data) => seen.push(String(data)));
          ws.send('one');
          ws.send('two');
          resolve({ hardened, corkedDuringTick: tcpSocketOf(ws)?.writableCorked ?? 0, socketIsTcp });
        });
      },
    );
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const received: string[] = [];
    client.on('message', (data) => received.push(String(data)));
    await new Promise<void>((r) => client.once('open', () => r()));
    expect(await server).toEqual({ hardened: true, corkedDuringTick: 1, socketIsTcp: true });
    client.send('refused');
    client.send('kept');
    await expect.poll(() => received).toEqual(['one', 'two']);
    await expect.poll(() => seen).toEqual(['kept']);
    client.close();
    await new Promise<void>((r) => wss.close(() => r()));
  });
});
