// The request id follows a request through events into the consumers' log lines: while a consumer
// handles an event, every line any logger writes carries the event's id and the request id it
// carries in its metadata (`reqId`, the same key the HTTP access lines use, so one search finds
// the request at the gateway or service and everything its events caused). Loggers read it
// through pino's mixin (logger.ts); the buses and the idempotent consumer set it per event.
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<Record<string, string>>();

/** Fields every log line written inside the current event handling carries. */
export function logContext(): Record<string, string> {
  return context.getStore() ?? {};
}

/** Runs `fn` as the handling of `event`: its log lines carry `eventId` and `reqId`. */
export function withEventContext<T>(
  event: { id: string; metadata?: { requestId?: string } | Record<string, string> },
  fn: () => T,
): T {
  const fields: Record<string, string> = { eventId: event.id };
  const requestId = (event.metadata as { requestId?: string } | undefined)?.requestId;
  if (requestId) fields.reqId = requestId;
  return context.run(fields, fn);
}

/** Runs `fn` outside any event's context (work it starts is not that event's: a job loop, a timer). */
export function withoutEventContext<T>(fn: () => T): T {
  return context.exit(fn);
}
