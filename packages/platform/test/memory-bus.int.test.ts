// The memory bus honours the same contract as Kafka (no database needed, but it runs with the
// integration tier beside the other bus tests).
import { MemoryEventBus } from '../src/events/memory-bus.js';
import { describeEventBusContract } from './event-bus-contract.js';

describeEventBusContract('memory', async () => new MemoryEventBus({ partitions: 3 }), { timeoutMs: 10_000 });
