// The auth service's HTTP surface: registers its routes, nothing else.
// It owns: users, sessions, password reset, profile. Feature routes arrive with their issues; /health and /openapi.json come
// from the platform's HTTP bootstrap.
import type { HttpService, ServiceContext } from '@castbook/platform';
import type { z } from 'zod';
import type { authConfig } from './config.js';

export async function authRoutes(_app: HttpService, _ctx: ServiceContext<z.infer<typeof authConfig>>): Promise<void> {}
