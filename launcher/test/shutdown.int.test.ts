// Graceful shutdown of the real launcher process (the Hardening issue): SIGTERM while a client holds
// a keep-alive connection, an unused connection and a request in flight. What must happen, not how
// fast: the time is measured and printed by `npm run bench:shutdown -w @castbook/launcher`.
import { describe, expect, it } from 'vitest';
import { runShutdownScenario } from './shutdown-scenario.js';

describe('graceful shutdown', () => {
  it('answers the request in flight, closes idle connections and exits cleanly on SIGTERM', async () => {
    const run = await runShutdownScenario();
    const context = `exit ${run.code}/${run.signal} after ${run.exitMs} ms\n${run.stderr}`;
    expect(run.signal, context).toBeNull();
    expect(run.code, context).toBe(0);
    // The login whose body was half sent when the signal came is answered (401: unknown account),
    // and told that the connection closes after it.
    expect(run.inFlight, context).toEqual({ status: 401, connectionClose: true });
    // The server closed both idle connections itself, before it exited.
    expect(run.keepAliveClosedMs, context).toBeDefined();
    expect(run.unusedClosedMs, context).toBeDefined();
    expect(run.leftBehind).toEqual([]);
    // Each stage reported stopping; nothing was forced.
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines.filter((l) => l.includes('"service stopped"'))).toHaveLength(5);
    expect(run.stdout).not.toContain('shutdown took too long');

    // While it ran, every service's port and the gateway's METRICS_PORT served Prometheus metrics.
    for (const name of ['auth', 'projects', 'authors', 'analysis', 'billing']) {
      const text = run.metrics[name] ?? '';
      expect(text, name).toMatch(
        new RegExp(
          `castbook_http_request_duration_seconds_count\\{target="${name}",method="GET",route="/health",status_code="200"\\} \\d+`,
        ),
      );
      expect(text, name).toMatch(new RegExp(`castbook_outbox_pending_events\\{target="${name}"\\} \\d+`));
      expect(text, name).toMatch(new RegExp(`castbook_outbox_oldest_pending_seconds\\{target="${name}"\\} [\\d.]+`));
      expect(text, name).toMatch(/castbook_event_consumer_lag\{group="[^"]+",topic="[^"]+",partition="\d+"\} \d+/);
    }
    expect(run.metrics.analysis).toContain('# TYPE castbook_analysis_job_duration_seconds histogram');
    expect(run.metrics.analysis).toContain('# TYPE castbook_analysis_job_failures_total counter');
    expect(run.metrics.gateway).toMatch(
      /castbook_http_request_duration_seconds_count\{target="gateway",method="GET",route="\/api\/health"/,
    );
  }, 180_000);
});
