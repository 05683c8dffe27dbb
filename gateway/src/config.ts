// Environment of the gateway, validated at boot.
import { z } from 'zod';
import { configFields } from '@castbook/platform';

const serviceUrl = z.string().url();

export const gatewayConfig = z.object({
  PORT: configFields.port.default(8080),
  HOST: configFields.host,
  AUTH_URL: serviceUrl,
  PROJECTS_URL: serviceUrl,
  AUTHORS_URL: serviceUrl,
  ANALYSIS_URL: serviceUrl,
  BILLING_URL: serviceUrl,
  /** The built React app; served with SPA fallback when the folder exists. */
  FRONTEND_DIR: z.string().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayConfig>;
