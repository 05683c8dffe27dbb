// Environment of the gateway, validated at boot.
import { z } from 'zod';
import { configFields, serviceCredentialConfig } from '@castbook/platform';

const serviceUrl = z.string().url();

export const gatewayConfig = z.object({
  PORT: configFields.port.default(8080),
  HOST: configFields.host,
  AUTH_URL: serviceUrl,
  PROJECTS_URL: serviceUrl,
  AUTHORS_URL: serviceUrl,
  ANALYSIS_URL: serviceUrl,
  BILLING_URL: serviceUrl,
  /** Where the auth service publishes its token keys; default `${AUTH_URL}/.well-known/jwks.json`. */
  AUTH_JWKS_URL: serviceUrl.optional(),
  /** Per-IP requests per minute on the public auth calls (429 with Retry-After beyond). */
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_REGISTER_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_RESET_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  ...serviceCredentialConfig.shape,
  /** GET /metrics answers on this port of HOST, never on the public PORT (0: a free port, logged at start). */
  METRICS_PORT: configFields.port.optional(),
  /** The built React app; served with SPA fallback when the folder exists. */
  FRONTEND_DIR: z.string().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayConfig>;
