// A listener of its own for a target's /metrics, for the gateway: its main port is the public one,
// and scrapes must not be answered there.
import { createServer } from 'node:http';
import type { TargetMetrics } from './metrics.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(metrics: TargetMetrics, port: number, host: string): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('metrics server has no TCP address');
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
