// Routes kafkajs's own logging into our pino logger (kafkajs prints JSON to the console otherwise).
import { logLevel, type logCreator } from 'kafkajs';
import type { Logger } from '../logging/logger.js';

/** kafkajs messages that are routine in a healthy cluster, however loudly kafkajs logs them. */
const ROUTINE = [/The group is rebalancing/, /Limiting retries for the idempotent producer/];

/**
 * `quiet()` is true while the bus has never reached a broker: kafkajs's connection errors then are
 * the failure start() reports itself, as one line naming the brokers, so they go to debug instead of
 * printing a stack per retry.
 */
export function kafkaLogCreator(logger: Logger, quiet: () => boolean = () => false): logCreator {
  const log = logger.child({ component: 'kafkajs' });
  return () =>
    ({ namespace, level, log: entry }) => {
      const { message, timestamp: _t, logger: _l, ...extra } = entry as typeof entry & { logger?: unknown };
      const fields = { namespace, ...extra };
      if (quiet() || ROUTINE.some((r) => r.test(message))) return log.debug(fields, message);
      if (level === logLevel.ERROR || level === logLevel.NOTHING) log.error(fields, message);
      else if (level === logLevel.WARN) log.warn(fields, message);
      else if (level === logLevel.INFO) log.info(fields, message);
      else log.debug(fields, message);
    };
}
