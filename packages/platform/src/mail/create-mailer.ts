// Chooses the mailer from configuration: SMTP when SMTP_URL is set, the log otherwise.
import { z } from 'zod';
import { loadConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { LogMailer } from './log-mailer.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

export * from './mailer.js';
export { LogMailer } from './log-mailer.js';
export { SmtpMailer } from './smtp-mailer.js';

export const mailerConfig = z.object({
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:/.test(u), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Castbook <no-reply@castbook.local>'),
});

/** Builds the configured mailer. Throws ConfigError naming the bad variable. */
export function createMailer(env: NodeJS.ProcessEnv, logger: Logger): Mailer {
  const cfg = loadConfig('mailer', mailerConfig, env);
  return cfg.SMTP_URL ? new SmtpMailer(cfg.SMTP_URL, cfg.MAIL_FROM) : new LogMailer(logger);
}
