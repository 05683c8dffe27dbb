// Structured logging with pino. Every line carries the service name; request ids travel from the
// gateway (x-request-id) into service logs and into event metadata.
import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service } });
}

export const REQUEST_ID_HEADER = 'x-request-id';
