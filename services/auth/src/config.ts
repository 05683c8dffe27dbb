// Environment of the auth service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig, internalCallersField, mailerConfig } from '@castbook/platform';
import { parseTrustedProxies } from './domain/addresses.js';

const minutes = z.coerce.number().positive();

export const authConfig = baseServiceConfig.extend({
  ...mailerConfig.shape,
  /** Where the browser app lives: reset links point at `${APP_BASE_URL}/reset-password?token=...`. */
  APP_BASE_URL: z.string().url().default('http://localhost:8080'),
  /** Failed sign-ins per (account, client address) before that pair has to wait (a success clears it). */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  /** The pair's first wait, doubled with each further failure up to LOGIN_MAX_DELAY_MINUTES. */
  LOGIN_FIRST_DELAY_MINUTES: minutes.default(1),
  LOGIN_MAX_DELAY_MINUTES: minutes.default(15),
  /** Failed sign-ins per client address over all accounts per window before the address gets 429. */
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
  LOGIN_ADDRESS_WINDOW_MINUTES: minutes.default(15),
  /**
   * Peers whose X-Forwarded-For names the client (the gateway): comma-separated `loopback`,
   * `private`, addresses and CIDR ranges; empty trusts nobody. Anyone else is counted as itself.
   */
  /**
   * Who may call auth's internal routes (ROUTE=service,service;...): the gateway and every service
   * ask about sessions they have not seen yet.
   */
  INTERNAL_CALLERS: internalCallersField('/internal/sessions/:sessionId=gateway,projects,authors,analysis,billing'),
  TRUSTED_PROXIES: z
    .string()
    .default('loopback,private')
    .superRefine((spec, ctx) => {
      try {
        parseTrustedProxies(spec);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
});
export type AuthConfig = z.infer<typeof authConfig>;
