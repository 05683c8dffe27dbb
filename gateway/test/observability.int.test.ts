// Observability through the gateway (the Hardening issue): a request is logged once, by whoever
// answered it — the service for what the gateway forwards, the gateway for what it answers itself —
// with the request id it came with; the service's GET /metrics has latency by route pattern; the
// gateway's own metrics are on a port of their own, never on the public one.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpService,
  createLogger,
  listen,
  serveMetrics,
  type HttpService,
  type MetricsServer,
} from '@castbook/platform';
import { buildGateway } from '../src/app.js';

interface Line {
  msg: string;
  service: string;
  reqId?: string;
  http?: { method: string; route: string; status: number; url: string; ms: number };
}

function capture(service: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  return { lines, logger: createLogger(service, 'info', 'json', stream) };
}

const serviceLog = capture('stand-in');
const gatewayLog = capture('gateway');
let service: HttpService;
let serviceUrl: string;
let gateway: HttpService;
let gatewayUrl: string;
let gatewayMetrics: MetricsServer;

/** Access lines (and Fastify's or reply-from's own per-request lines, which must be gone). */
const perRequest = (lines: Line[]) =>
  lines.filter((l) =>
    ['request', 'incoming request', 'request completed', 'fetching from remote server', 'response received'].includes(
      l.msg,
    ),
  );
/** Lines are written as the answer goes out; give the stream a turn. */
const settle = () => new Promise((r) => setTimeout(r, 50));

beforeAll(async () => {
  service = await createHttpService({ name: 'stand-in', logger: serviceLog.logger, readiness: {} });
  service.get('/api/auth/login', async () => ({ success: true, data: {} }));
  serviceUrl = await listen(service, 0);
  gateway = await buildGateway(
    {
      PORT: 0,
      HOST: '127.0.0.1',
      AUTH_URL: serviceUrl,
      PROJECTS_URL: serviceUrl,
      AUTHORS_URL: serviceUrl,
      ANALYSIS_URL: serviceUrl,
      BILLING_URL: serviceUrl,
      RATE_LIMIT_LOGIN_PER_MINUTE: 10_000,
      RATE_LIMIT_REGISTER_PER_MINUTE: 10_000,
      RATE_LIMIT_RESET_PER_MINUTE: 10_000,
    },
    gatewayLog.logger,
  );
  gatewayUrl = await listen(gateway, 0);
  gatewayMetrics = await serveMetrics(gateway.metrics, 0, '127.0.0.1');
});
afterAll(async () => {
  await gatewayMetrics?.close();
  await gateway?.close();
  await service?.close();
});

describe('one access line per request', () => {
  it('is written by the service for a forwarded request, with the request id it came with', async () => {
    serviceLog.lines.length = 0;
    gatewayLog.lines.length = 0;
    const res = await fetch(`${gatewayUrl}/api/auth/login?next=%2F`, { headers: { 'x-request-id': 'trace-0001' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-0001');
    await settle();
    expect(perRequest(gatewayLog.lines)).toEqual([]);
    expect(perRequest(serviceLog.lines)).toEqual([
      expect.objectContaining({
        msg: 'request',
        service: 'stand-in',
        reqId: 'trace-0001',
        http: expect.objectContaining({ method: 'GET', route: '/api/auth/login', url: '/api/auth/login', status: 200 }),
      }),
    ]);
  });

  it('gets a request id from the gateway when the client sent none, the same on both sides', async () => {
    serviceLog.lines.length = 0;
    const res = await fetch(`${gatewayUrl}/api/auth/login`);
    await settle();
    const [line] = perRequest(serviceLog.lines);
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(line?.reqId);
  });

  it('is written by the gateway for what it answers itself', async () => {
    serviceLog.lines.length = 0;
    gatewayLog.lines.length = 0;
    // Without a token the gateway refuses it at the door (401), before any service is asked.
    const res = await fetch(`${gatewayUrl}/api/projects`, { headers: { 'x-request-id': 'trace-0002' } });
    expect(res.status).toBe(401);
    await settle();
    expect(perRequest(serviceLog.lines)).toEqual([]);
    expect(perRequest(gatewayLog.lines)).toEqual([
      expect.objectContaining({
        msg: 'request',
        service: 'gateway',
        reqId: 'trace-0002',
        http: expect.objectContaining({ status: 401 }),
      }),
    ]);
  });
});

describe('metrics', () => {
  it("a service's /metrics has latency by route pattern and the process series", async () => {
    await fetch(`${gatewayUrl}/api/auth/login`);
    const res = await fetch(`${serviceUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /castbook_http_request_duration_seconds_bucket\{le="0\.005",target="stand-in",method="GET",route="\/api\/auth\/login",status_code="200"\} \d+/,
    );
    expect(text).toContain('# TYPE castbook_event_consumer_lag gauge');
    expect(text).toContain('castbook_process_cpu_user_seconds_total');
    expect(text).toContain('castbook_nodejs_eventloop_lag_seconds');
  });

  it("the gateway's metrics answer on their own port, not on the public one nor through /api", async () => {
    const text = await fetch(gatewayMetrics.url).then((r) => r.text());
    expect(text).toMatch(
      /castbook_http_request_duration_seconds_count\{target="gateway",method="GET",route="\/api\/\*"/,
    );
    for (const path of ['/metrics', '/api/metrics']) {
      const res = await fetch(`${gatewayUrl}${path}`);
      expect(await res.text()).not.toContain('castbook_http_request_duration_seconds');
    }
  });
});
