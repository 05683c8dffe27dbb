// The transactional outbox: enqueueEvents()/newEvent() on the writing side, OutboxRelay publishing.
export * from './outbox-enqueue.js';
export * from './outbox-relay.js';
