// Graceful close of an HTTP server (the Hardening issue: SIGTERM with one keep-alive connection open
// took 53 s). Node's server.close() and Fastify's forceCloseConnections: 'idle' only close
// connections between two requests; a connection that never sent a request (a browser's
// preconnect, a client that connected and waits) counts as busy until headersTimeout reaps it, up
// to 90 s later. So the server tracks its connections itself. On close:
// - new connections are refused (server.close), new requests on open ones get 503 (Fastify);
// - every connection with no request in flight is closed at once, idle keep-alive or never used;
// - a request in flight is answered, with `Connection: close`, and its connection closed after;
// - whatever is still open after `graceMs` is destroyed, so close() never outlives the grace.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Any Fastify instance, whatever its logger and type provider.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/** How long requests in flight get to finish once close() is called. */
export const DEFAULT_CLOSE_GRACE_MS = 5000;

export function closeGracefully(app: AnyFastify, graceMs = DEFAULT_CLOSE_GRACE_MS): void {
  const server: Server = app.server;
  /** Requests in flight per open connection. */
  const busy = new Map<Socket, number>();
  const responses = new Set<ServerResponse>();
  let closing = false;
  let deadline: NodeJS.Timeout | undefined;

  server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    busy.set(socket, 0);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    if (closing) res.shouldKeepAlive = false;
    responses.add(res);
    res.once('close', () => {
      responses.delete(res);
      const left = (busy.get(socket) ?? 1) - 1;
      if (!busy.has(socket)) return;
      busy.set(socket, left);
      if (closing && left === 0) socket.destroySoon();
    });
  });

  // Said in the answer too: a proxied answer carries the service's own `Connection: keep-alive`.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, inFlight] of busy) {
      if (inFlight === 0) socket.destroy();
    }
    // Requests in flight answer with Connection: close (unless their headers are already out).
    for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
    deadline = setTimeout(() => {
      for (const socket of busy.keys()) socket.destroy();
    }, graceMs);
    deadline.unref();
  });
  server.once('close', () => clearTimeout(deadline));
}
