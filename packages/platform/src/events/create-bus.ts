// Chooses the event bus from configuration (never from NODE_ENV): EVENT_BUS=memory (default, the
// embedded mode) or EVENT_BUS=kafka with KAFKA_BROKERS.
import { z } from 'zod';
import { loadConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { EventBus } from './event-bus.js';
import { KafkaEventBus } from './kafka-bus.js';
import { MemoryEventBus } from './memory-bus.js';

export { DEAD_LETTER_METADATA, deadLetterTopic } from './delivery.js';

const brokerList = (value: string) =>
  value
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);

export const eventBusConfig = z
  .object({
    EVENT_BUS: z.enum(['memory', 'kafka']).default('memory'),
    KAFKA_BROKERS: z
      .string()
      .optional()
      .refine((v) => v === undefined || brokerList(v).every((b) => /^[^\s:/]+:\d{1,5}$/.test(b)), {
        message: 'must be a comma-separated list of host:port',
      }),
    KAFKA_CLIENT_ID: z.string().min(1).default('castbook'),
    KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).default(6),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.EVENT_BUS === 'kafka' && brokerList(cfg.KAFKA_BROKERS ?? '').length === 0) {
      ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when EVENT_BUS=kafka' });
    }
  });

/** Builds the configured bus (not started). Throws ConfigError naming the bad variable. */
export function createEventBus(env: NodeJS.ProcessEnv, logger: Logger): EventBus {
  const cfg = loadConfig('event bus', eventBusConfig, env);
  if (cfg.EVENT_BUS === 'memory') return new MemoryEventBus({ logger });
  return new KafkaEventBus({
    brokers: brokerList(cfg.KAFKA_BROKERS ?? ''),
    clientId: cfg.KAFKA_CLIENT_ID,
    partitions: cfg.KAFKA_TOPIC_PARTITIONS,
    logger,
  });
}
