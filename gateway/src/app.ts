// The gateway: the only door the browser knows. Routes /api/* to the five services, answers
// /api/health and /api/docs itself, and serves the built frontend.
import rateLimit from '@fastify/rate-limit';
import { createHttpService, serviceSecret } from '@castbook/platform';
import type { EventBus, Logger } from '@castbook/platform';
import type { GatewayConfig } from './config.js';
import { registerCompression } from './compression.js';
import { registerDocs } from './docs.js';
import { registerHealth } from './health.js';
import { registerProxy } from './proxy.js';
import { registerSecurity } from './security/index.js';
import type { ServiceName } from './service-routes.js';
import { frontendRoot, registerFrontend, spaFallback } from './static-frontend.js';

export async function buildGateway(config: GatewayConfig, logger: Logger, deps: { bus?: EventBus } = {}) {
  const services: Record<ServiceName, string> = {
    auth: config.AUTH_URL,
    projects: config.PROJECTS_URL,
    authors: config.AUTHORS_URL,
    analysis: config.ANALYSIS_URL,
    billing: config.BILLING_URL,
  };
  const frontend = frontendRoot(config.FRONTEND_DIR);
  const app = await createHttpService({
    name: 'gateway',
    logger,
    readiness: {},
    bodyLimit: 60 * 1024 * 1024,
    // Scrapes go to METRICS_PORT (main.ts), not to the public port.
    metricsRoute: false,
    notFound: spaFallback(frontend),
  });
  await registerCompression(app);
  // Not global: the auth calls get per-IP limits from security/rate-limits.ts.
  await app.register(rateLimit, { global: false });
  await registerSecurity(app, {
    authUrl: config.AUTH_URL,
    jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json`,
    rateLimits: {
      loginPerMinute: config.RATE_LIMIT_LOGIN_PER_MINUTE,
      registerPerMinute: config.RATE_LIMIT_REGISTER_PER_MINUTE,
      resetPerMinute: config.RATE_LIMIT_RESET_PER_MINUTE,
    },
    logger,
    serviceSecret: serviceSecret(config.SERVICE_SECRET),
    bus: deps.bus,
  });
  registerHealth(app, services);
  await registerDocs(app, services);
  await registerProxy(app, services);
  await registerFrontend(app, frontend);
  return app;
}
