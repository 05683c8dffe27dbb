// Environment of the auth service, validated at boot.
import { z } from 'zod';
import { baseServiceConfig, mailerConfig } from '@castbook/platform';

export const authConfig = baseServiceConfig.extend({
  ...mailerConfig.shape,
  /** Where the browser app lives: reset links point at `${APP_BASE_URL}/reset-password?token=...`. */
  APP_BASE_URL: z.string().url().default('http://localhost:8080'),
  /** Sign-in attempts per email per window before 429 (failed or not; a success clears the count). */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
});
export type AuthConfig = z.infer<typeof authConfig>;
