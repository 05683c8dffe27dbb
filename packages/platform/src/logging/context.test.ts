import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../events/memory-bus.js';
import { withEventContext, withoutEventContext } from './context.js';
import { createLogger } from './logger.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', 'json', stream) };
}

describe('log context', () => {
  it("puts an event's id and its request id on every line written while it is handled", async () => {
    const { lines, logger } = capture();
    await withEventContext({ id: 'event-1', metadata: { requestId: 'req-1' } }, async () => {
      await Promise.resolve();
      logger.child({ component: 'x' }).info('inside');
      withoutEventContext(() => logger.info('started from inside, not part of it'));
    });
    logger.info('outside');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.msg, l.eventId, l.reqId])).toEqual([
      ['inside', 'event-1', 'req-1'],
      ['started from inside, not part of it', undefined, undefined],
      ['outside', undefined, undefined],
    ]);
  });

  it("is set by the bus around a consumer's handler", async () => {
    const { lines, logger } = capture();
    const bus = new MemoryEventBus({ partitions: 1 });
    await bus.start(['ctx.topic']);
    let handled!: () => void;
    const done = new Promise<void>((r) => (handled = r));
    const sub = await bus.subscribe({
      groupId: 'ctx-group',
      topics: ['ctx.topic'],
      handler: async () => {
        logger.info('handling');
        handled();
      },
    });
    await bus.publish([
      {
        topic: 'ctx.topic',
        event: {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'test.happened.v1',
          version: 1,
          occurredAt: new Date().toISOString(),
          key: 'k',
          userId: null,
          payload: {},
          metadata: { requestId: 'req-from-the-gateway' },
        },
      },
    ]);
    await done;
    await sub.stop();
    await bus.stop();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'handling',
        reqId: 'req-from-the-gateway',
        eventId: '00000000-0000-4000-8000-000000000001',
      }),
    ]);
  });
});
