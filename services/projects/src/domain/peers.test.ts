// The plan fallback (before subscription.changed.v1 reaches the read model): a Pro trial that billing
// already knows gets Pro's limits and features at once; an answer billing cannot give means Free.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@castbook/contracts';
import { httpPeers } from './peers.js';

let server: Server;
let url: string;
/** What the fake billing answers, by the caller's token. */
const answers: Record<string, { status: number; body: unknown }> = {
  'Bearer trial': {
    status: 200,
    body: {
      success: true,
      data: {
        subscription: { tier: 'pro', status: 'active', isTrial: true, features: [...PLANS.pro.featureIds] },
        limits: PLANS.pro.limits,
        usage: { projects: 0, storageBytes: 0 },
      },
    },
  },
  'Bearer old-shape': {
    status: 200,
    body: {
      success: true,
      data: { subscription: { tier: 'pro' }, limits: { ...PLANS.pro.limits, maxStorageBytes: undefined } },
    },
  },
  'Bearer broken': { status: 500, body: { success: false, error: 'boom' } },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[req.headers.authorization ?? ''] ?? { status: 401, body: {} };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the plan fallback', () => {
  it("gives a Pro trial Pro's limits and features before its event arrives", async () => {
    const limits = await httpPeers(url, url).limits('Bearer trial');
    expect(limits).toEqual({
      tier: 'pro',
      maxProjects: PLANS.pro.limits.maxProjects,
      maxWords: 500_000,
      maxStorageBytes: 10 * 1024 ** 3,
      features: ['project:analysis', 'characters:analysis', 'voice:recording'],
    });
  });

  it("fills what an older billing answer lacks from the tier's catalogue entry", async () => {
    const limits = await httpPeers(url, url).limits('Bearer old-shape');
    expect(limits).toMatchObject({ tier: 'pro', maxStorageBytes: 10 * 1024 ** 3 });
    expect(limits.features).toContain('voice:recording');
  });

  it('applies Free when billing cannot say', async () => {
    const limits = await httpPeers(url, url).limits('Bearer broken');
    expect(limits).toMatchObject({ tier: 'free', maxProjects: 1, maxWords: 100_000, features: ['project:analysis'] });
  });
});
