import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { createEventBus } from './create-bus.js';
import { KafkaEventBus } from './kafka-bus.js';
import { MemoryEventBus } from './memory-bus.js';

const logger = createLogger('create-bus-test', 'silent');

describe('createEventBus', () => {
  it('defaults to the memory bus', () => {
    expect(createEventBus({}, logger)).toBeInstanceOf(MemoryEventBus);
  });

  it('builds a Kafka bus from EVENT_BUS=kafka and KAFKA_BROKERS', () => {
    const bus = createEventBus({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'a:9092, b:9093', KAFKA_CLIENT_ID: 'svc' }, logger);
    expect(bus).toBeInstanceOf(KafkaEventBus);
  });

  it.each([
    [{ EVENT_BUS: 'rabbit' }, /EVENT_BUS is invalid/],
    [{ EVENT_BUS: 'kafka' }, /KAFKA_BROKERS is required/],
    [{ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'localhost' }, /KAFKA_BROKERS is invalid: must be a comma-separated list/],
    [{ EVENT_BUS: 'kafka', KAFKA_BROKERS: ' , ' }, /KAFKA_BROKERS is invalid/],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => createEventBus(env, logger)).toThrow(ConfigError);
    expect(() => createEventBus(env, logger)).toThrow(message);
  });
});
