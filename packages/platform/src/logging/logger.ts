// Structured logging with pino. Every line carries the service name; request ids travel from the
// gateway (x-request-id) into service logs and into event metadata. On a terminal the lines are
// printed readable (pino-pretty, in-process and synchronous, so nothing is lost at exit); anywhere
// else, or with LOG_FORMAT=json, they are one JSON object per line.
import { pino } from 'pino';
import pretty from 'pino-pretty';
import { logContext } from './context.js';

export type Logger = pino.Logger;

export type LogFormat = 'json' | 'pretty';

/** `pretty` when stdout is a terminal and LOG_FORMAT does not say `json`; LOG_FORMAT=pretty forces it. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, isTty = process.stdout.isTTY === true): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return isTty ? 'pretty' : 'json';
}

export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  format: LogFormat = logFormat(),
  /** Where JSON lines go (default stdout); tests pass a stream to read them. */
  destination?: pino.DestinationStream,
): Logger {
  // Inside an event's handling every line carries its eventId and reqId (logging/context.ts).
  const options: pino.LoggerOptions = { level, base: { service }, mixin: logContext };
  if (format === 'json') return destination ? pino(options, destination) : pino(options);
  return pino(
    options,
    pretty({
      sync: true,
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service,reqId,http',
      messageFormat: prettyMessage,
    }),
  );
}

/** `[projects] (reqId) GET /api/projects/:id 200 3.2 ms` for an access line, `[service] msg` otherwise. */
function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const http = log.http as { method?: string; url?: string; status?: number; ms?: number } | undefined;
  const who = `${log.service ? `[${String(log.service)}] ` : ''}${log.reqId ? `(${String(log.reqId)}) ` : ''}`;
  if (http?.method) return `${who}${http.method} ${http.url} ${http.status} ${http.ms} ms`;
  return `${who}${String(log[messageKey] ?? '')}`;
}

export const REQUEST_ID_HEADER = 'x-request-id';
