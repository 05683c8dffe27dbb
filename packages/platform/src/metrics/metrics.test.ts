import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../events/memory-bus.js';
import { logFormat } from '../logging/logger.js';
import { processRegistry, TargetMetrics } from './metrics.js';

const envelope = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  type: 'test.happened.v1',
  version: 1,
  occurredAt: new Date().toISOString(),
  key: 'same-key',
  userId: null,
  payload: {},
  metadata: { requestId: `req-${i}` },
});

describe('metrics', () => {
  it("reports a consumer group's lag on the memory bus", async () => {
    const bus = new MemoryEventBus({ partitions: 1 });
    await bus.start(['lag.topic']);
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    const sub = await bus.subscribe({ groupId: 'lag-group', topics: ['lag.topic'], handler: () => blocked });
    await bus.publish([1, 2, 3].map((i) => ({ topic: 'lag.topic', event: envelope(i) })));
    await new Promise((r) => setTimeout(r, 20));
    const text = await processRegistry.metrics();
    expect(text).toContain('castbook_event_consumer_lag{group="lag-group",topic="lag.topic",partition="0"} 3');
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(await processRegistry.metrics()).toContain(
      'castbook_event_consumer_lag{group="lag-group",topic="lag.topic",partition="0"} 0',
    );
    await sub.stop();
    await bus.stop();
    expect(await processRegistry.metrics()).not.toContain('lag-group');
  });

  it("serves a target's own series with the process-wide ones", async () => {
    const metrics = new TargetMetrics('things');
    metrics.httpDuration.observe({ method: 'GET', route: '/things/:id', status_code: '200' }, 0.02);
    const text = await metrics.text();
    expect(text).toContain(
      'castbook_http_request_duration_seconds_bucket{le="0.025",target="things",method="GET",route="/things/:id",status_code="200"} 1',
    );
    expect(text).toContain('castbook_process_resident_memory_bytes');
  });
});

describe('log format', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });
});
