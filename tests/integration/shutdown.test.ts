import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startApp } from '../../src/server/app.js';
import { setLogLevel } from '../../src/server/logger.js';
import { createTestDatabase, type TestDatabase, testConfig } from '../support/db.js';
import { freePort } from '../support/http-app.js';

// What a process manager's SIGTERM does (src/server/main.ts calls app.stop()): a request in flight
// gets its answer, websocket clients are told to reconnect, and nothing new is accepted.

let db: TestDatabase;
beforeAll(async () => {
  setLogLevel('warn');
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('stopping the server', () => {
  it('lets a request in flight finish, tells websocket clients to reconnect, then refuses new ones', async () => {
    const port = String(await freePort());
    const app = await startApp(testConfig(db, { PORT: port, HOST: '127.0.0.1' }));

    // A websocket client of the tRPC endpoint, and the messages it receives.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/trpc`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(String(data)));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    // A request whose body is still arriving when the stop begins.
    // checkout.place reads its whole body before answering (here: 400, the form is incomplete).
    const body = JSON.stringify({ email: 'x@example.fr' });
    let answeredAt = 0;
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/trpc/checkout.place',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            answeredAt = Date.now();
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 500);
    });
    await new Promise((r) => setTimeout(r, 100));

    const stopAt = Date.now();
    const stopped = app.stop();
    expect(await answer).toBe(400);
    expect(answeredAt).toBeGreaterThan(stopAt);
    expect(await closed).toBe(1012);
    expect(messages.some((m) => m.includes('reconnect'))).toBe(true);
    await stopped;

    const refused = await fetch(`${app.url}/healthz`).then(
      () => 'served',
      () => 'refused',
    );
    expect(refused).toBe('refused');
  });
});
