// Prometheus metrics (prom-client). Each HTTP target has its own registry, served at GET /metrics on
// its own port (never through the gateway's /api): HTTP latency by route pattern, and whatever the
// target adds (outbox backlog, analysis jobs). Process-wide series (Node's own: CPU, memory, event
// loop lag, GC; event consumer lag, since the bus is shared by the targets of one process) live in
// one registry that every /metrics answer includes. Names start with `castbook_`.
import client from 'prom-client';

/** One consumer group's lag on one partition: records published and not yet handled. */
export interface ConsumerLag {
  group: string;
  topic: string;
  partition: number;
  lag: number;
}

/** Series shared by every target of this process. */
export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry, prefix: 'castbook_' });

const lagSources = new Set<() => ConsumerLag[]>();

new client.Gauge({
  name: 'castbook_event_consumer_lag',
  help: 'Records published to a topic partition and not yet handled by the consumer group',
  labelNames: ['group', 'topic', 'partition'] as const,
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const source of lagSources) {
      for (const l of source()) this.set({ group: l.group, topic: l.topic, partition: String(l.partition) }, l.lag);
    }
  },
});

/** An event bus reports its consumers' lag through this; returns the function that stops it. */
export function reportConsumerLag(source: () => ConsumerLag[]): () => void {
  lagSources.add(source);
  return () => lagSources.delete(source);
}

/** Seconds, from 5 ms to 10 s: the spread of an API call. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One HTTP target's metrics: its own registry plus the process-wide series. */
export class TargetMetrics {
  readonly registry = new client.Registry();
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status_code'>;

  constructor(readonly target: string) {
    this.registry.setDefaultLabels({ target });
    this.httpDuration = new client.Histogram({
      name: 'castbook_http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of this target and of the process. */
  async text(): Promise<string> {
    const [own, shared] = await Promise.all([this.registry.metrics(), processRegistry.metrics()]);
    return `${own}\n${shared}`;
  }
}

export { client as promClient };
