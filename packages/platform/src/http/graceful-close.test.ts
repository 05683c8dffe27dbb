// Closing a server with clients still connected: idle and never-used connections are closed at once,
// a request in flight is answered (Connection: close), and nothing outlives the grace period.
import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully } from './graceful-close.js';

const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

async function open(port: number): Promise<{ socket: Socket; closed: Promise<number>; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await new Promise((r) => socket.once('connect', r));
  let data = '';
  socket.on('data', (d: Buffer) => (data += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now())));
  return { socket, closed, received: () => data };
}

async function serve(graceMs: number, handler: () => Promise<string>) {
  const app = Fastify();
  closeGracefully(app, graceMs);
  app.get('/quick', async () => 'ok');
  app.get('/slow', handler);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, port };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`;

describe('closeGracefully', () => {
  it('closes idle connections at once and answers the request in flight before closing its connection', async () => {
    let finish!: () => void;
    const { app, port } = await serve(10_000, () => new Promise<string>((r) => (finish = () => r('done'))));
    const unused = await open(port);
    const keepAlive = await open(port);
    keepAlive.socket.write(get('/quick'));
    await new Promise((r) => setTimeout(r, 50));
    expect(keepAlive.received()).toMatch(/^HTTP\/1.1 200/);
    const inFlight = await open(port);
    inFlight.socket.write(get('/slow'));
    await new Promise((r) => setTimeout(r, 50));

    const started = performance.now();
    const closing = app.close();
    const [unusedAt, keepAliveAt] = await Promise.all([unused.closed, keepAlive.closed]);
    expect(unusedAt - started).toBeLessThan(1000);
    expect(keepAliveAt - started).toBeLessThan(1000);
    expect(inFlight.socket.destroyed).toBe(false);

    finish();
    await inFlight.closed;
    expect(inFlight.received()).toMatch(/^HTTP\/1.1 200/);
    expect(inFlight.received().toLowerCase()).toContain('connection: close');
    expect(inFlight.received()).toMatch(/done$/);
    await closing;
  });

  it('cuts a request that outlives the grace period', async () => {
    const { app, port } = await serve(200, () => new Promise<string>(() => {}));
    const inFlight = await open(port);
    inFlight.socket.write(get('/slow'));
    await new Promise((r) => setTimeout(r, 50));
    await app.close();
    await inFlight.closed;
    expect(inFlight.received()).toBe('');
  });
});
