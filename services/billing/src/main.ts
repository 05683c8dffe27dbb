// The billing service as a launcher target (`--target=billing`).
import { fileURLToPath } from 'node:url';
import { serviceTarget } from '@castbook/platform';
import { billingRoutes } from './app.js';
import { billingConfig } from './config.js';
import { serviceClock } from './domain/clock.js';
import { subscribeUsage } from './events/usage.js';
import { subscribeUserRegistered } from './events/user-registered.js';

export const billingTarget = serviceTarget({
  name: 'billing',
  config: billingConfig,
  // Resolves from src/ and from dist/ alike.
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: billingRoutes,
  consumers: async (ctx) => [
    await subscribeUserRegistered(ctx.bus, ctx.db, ctx.logger, serviceClock(ctx)),
    await subscribeUsage(ctx.bus, ctx.db, ctx.logger),
  ],
});
