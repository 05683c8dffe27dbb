// Closing a server with clients still connected: idle and never-used connections are closed at once,
// a request in flight is answered (Connection: close), and nothing outlives the grace period.
import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully } from './graceful-close.js';

const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

async function open(
  port: number,
): Promise<{ socket: Socket; closed: Promise<void>; answered: Promise<void>; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise((r) => socket.once('connect', r));
  let data = '';
  socket.on('data', (d: Buffer) => (data += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  const answered = new Promise<void>((r) => socket.once('data', () => r()));
  return { socket, closed, answered, received: () => data };
}

// No fixed sleeps (a loaded machine makes them flaky): the test waits for the answer, or for the
// handler to have started, before it closes the server.
async function serve(graceMs: number, handler: () => Promise<string>) {
  const app = Fastify();
  closeGracefully(app, graceMs);
  let started!: () => void;
  const slowStarted = new Promise<void>((r) => (started = r));
  app.get('/quick', async () => 'ok');
  app.get('/slow', () => {
    started();
    return handler();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, port, slowStarted };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`;

describe('closeGracefully', () => {
  it('closes idle connections at once and answers the request in flight before closing its connection', async () => {
    let finish!: () => void;
    const { app, port, slowStarted } = await serve(
      10_000,
      () => new Promise<string>((r) => (finish = () => r('done'))),
    );
    const unused = await open(port);
    const keepAlive = await open(port);
    keepAlive.socket.write(get('/quick'));
    await keepAlive.answered;
    expect(keepAlive.received()).toMatch(/^HTTP\/1.1 200/);
    const inFlight = await open(port);
    inFlight.socket.write(get('/slow'));
    await slowStarted;

    const closing = app.close();
    // Closed while the request in flight is still open: at once, not at the 10 s grace period's end.
    await Promise.all([unused.closed, keepAlive.closed]);
    expect(inFlight.socket.destroyed).toBe(false);

    finish();
    await inFlight.closed;
    expect(inFlight.received()).toMatch(/^HTTP\/1.1 200/);
    expect(inFlight.received().toLowerCase()).toContain('connection: close');
    expect(inFlight.received()).toMatch(/done$/);
    await closing;
  });

  it('cuts a request that outlives the grace period', async () => {
    const { app, port, slowStarted } = await serve(200, () => new Promise<string>(() => {}));
    const inFlight = await open(port);
    inFlight.socket.write(get('/slow'));
    await slowStarted;
    await app.close();
    await inFlight.closed;
    expect(inFlight.received()).toBe('');
  });
});
