// The billing service's HTTP surface: registers its routes, nothing else.
// It owns: plans, subscriptions, limits, feature checks, checkout. Feature routes arrive with their issues; /health and /openapi.json come
// from the platform's HTTP bootstrap.
import type { HttpService, ServiceContext } from '@castbook/platform';
import type { z } from 'zod';
import type { billingConfig } from './config.js';

export async function billingRoutes(_app: HttpService, _ctx: ServiceContext<z.infer<typeof billingConfig>>): Promise<void> {}
