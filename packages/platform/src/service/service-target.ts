// Turns a service definition into a launcher target. Every service boots the same way: validate its
// config, create and migrate its own database, start its outbox relay and consumers, serve HTTP
// with /health reporting database, events and storage. A service module only declares what differs.
import { z } from 'zod';
import { configFields, loadConfig } from '../config/config.js';
import { Database, ensureDatabase } from '../db/database.js';
import { OutboxRelay } from '../events/outbox.js';
import type { Subscription } from '../events/event-bus.js';
import { createHttpService, listen, type HttpService } from '../http/server.js';
import { csrfHook } from '../security/csrf.js';
import {
  guardInternalRoutes,
  internalCallersField,
  parseInternalCallers,
  serviceCredentialConfig,
  serviceSecret,
} from '../security/service-credential.js';
import { SessionGuard } from '../security/session-guard.js';
import type { Target, TargetDeps } from '../target.js';
import { TargetMetrics } from '../metrics/metrics.js';
import { registerOutboxMetrics } from '../events/outbox-metrics.js';

/** Variables every service reads. */
export const baseServiceConfig = z.object({
  PORT: configFields.port.default(0),
  HOST: configFields.host,
  DATABASE_URL: configFields.databaseUrl,
  ...serviceCredentialConfig.shape,
  /** Which peers may call which of this service's /internal/ routes (service-credential.ts). */
  INTERNAL_CALLERS: internalCallersField(),
  /** The auth service, asked about sessions not seen yet; default: the origin of AUTH_JWKS_URL. */
  AUTH_URL: z.string().url().optional(),
});

export interface ServiceContext<C> extends Omit<TargetDeps, 'env'> {
  config: C;
  db: Database;
  /** This service's Prometheus registry (GET /metrics); add the service's own series to `metrics.registry`. */
  metrics?: TargetMetrics;
  /** The secret of service credentials (SERVICE_SECRET, or this process's own in embedded mode). */
  serviceSecret: string;
  /**
   * This replica's view of live sessions (revocations by event, unknown sessions asked of auth), for
   * authHook's checkSession. Started on first call, stopped with the service.
   */
  sessions(): Promise<SessionGuard>;
}

export interface ServiceDefinition<S extends z.ZodObject> {
  name: string;
  /** The service's config schema; extend `baseServiceConfig`. */
  config: S;
  /** Folder of the service's own NNN_name.sql migrations, if it has any yet. */
  migrationsDir?: string;
  /** Registers the service's routes (the service's app.ts). */
  routes(app: HttpService, ctx: ServiceContext<z.infer<S>>): Promise<void>;
  /** Subscribes the service's event consumers. */
  consumers?(ctx: ServiceContext<z.infer<S>>): Promise<Subscription[]>;
}

export function serviceTarget<S extends z.ZodObject>(def: ServiceDefinition<S>): Target {
  return {
    name: def.name,
    async start(deps) {
      const logger = deps.logger.child({ service: def.name });
      // Every service schema extends baseServiceConfig, so these fields are present.
      const config = loadConfig(def.name, def.config, deps.env) as z.infer<S> & z.infer<typeof baseServiceConfig>;
      await ensureDatabase(config.DATABASE_URL);
      const db = new Database({ url: config.DATABASE_URL, migrationsDir: def.migrationsDir, logger });
      await db.migrate();
      const secret = serviceSecret(config.SERVICE_SECRET);
      let sessions: Promise<SessionGuard> | undefined;
      const ctx: ServiceContext<z.infer<S>> = {
        config,
        db,
        bus: deps.bus,
        blobs: deps.blobs,
        logger,
        serviceSecret: secret,
        sessions: () =>
          (sessions ??= (async () => {
            const authUrl = config.AUTH_URL ?? authOrigin(deps.env.AUTH_JWKS_URL);
            const guard = new SessionGuard({ authUrl, logger, caller: def.name, secret });
            await guard.listen(deps.bus);
            return guard;
          })()),
      };

      const metrics = new TargetMetrics(def.name);
      registerOutboxMetrics(metrics.registry, db);
      ctx.metrics = metrics;

      const relay = new OutboxRelay({ db, bus: deps.bus, logger });
      await relay.start();
      const subscriptions = def.consumers ? await def.consumers(ctx) : [];

      const app = await createHttpService({
        name: def.name,
        logger,
        metrics,
        readiness: {
          database: () => db.health(),
          events: () => deps.bus.health(),
          storage: () => deps.blobs.health(),
        },
      });
      // Zero trust: the CSRF pair and internal-route credentials are checked here, not only at the gateway.
      app.addHook('onRequest', csrfHook());
      guardInternalRoutes(app, {
        service: def.name,
        secret,
        callers: parseInternalCallers(config.INTERNAL_CALLERS),
      });
      await def.routes(app, ctx);
      const url = await listen(app, config.PORT, config.HOST);

      return {
        name: def.name,
        url,
        // Graceful (the Hardening issue, ≤ 10 s): no new requests and the ones in flight answered
        // (at most 5 s, http/graceful-close.ts), consumers stopped after committing what they
        // handled, the outbox flushed (at most 2 s; the rest goes with the next relay), pools closed.
        async stop() {
          const stopping = performance.now();
          await app.close();
          await Promise.all(subscriptions.map((s) => s.stop()));
          await (await sessions)?.stop();
          await relay.stop({ drainTimeoutMs: 2000 });
          await db.close();
          logger.info({ ms: Math.round(performance.now() - stopping) }, 'service stopped');
        },
      };
    },
  };
}

/** Where auth answers, from AUTH_JWKS_URL when AUTH_URL is not set. */
function authOrigin(jwksUrl: string | undefined): string {
  if (!jwksUrl) throw new Error('AUTH_URL or AUTH_JWKS_URL is needed to check sessions');
  return new URL(jwksUrl).origin;
}
