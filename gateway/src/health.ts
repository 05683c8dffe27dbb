// GET /api/health: 200 only when every service answers ready; lists each service's readiness.
import type { HttpService } from '@castbook/platform';
import { readiness, type Readiness } from '@castbook/contracts';
import type { ServiceName } from './service-routes.js';

const TIMEOUT_MS = 2000;

async function probe(url: string): Promise<Readiness> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return readiness.parse(await res.json());
  } catch (err) {
    return { status: 'not_ready', checks: { reachable: { ok: false, error: (err as Error).message } } };
  }
}

export function registerHealth(app: HttpService, services: Record<ServiceName, string>) {
  app.get('/api/health', async (_req, reply) => {
    const entries = await Promise.all(
      Object.entries(services).map(async ([name, url]) => [name, await probe(url)] as const),
    );
    const all: Record<string, Readiness> = { gateway: { status: 'ready', checks: {} }, ...Object.fromEntries(entries) };
    const ready = entries.every(([, r]) => r.status === 'ready');
    const data = { status: ready ? 'ready' : 'not_ready', services: all };
    return reply
      .status(ready ? 200 : 503)
      .send(ready ? { success: true, data } : { success: false, data, error: 'Some services are not ready' });
  });
}
