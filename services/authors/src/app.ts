// The authors service's HTTP surface: registers its routes, nothing else.
// It owns: authors, avatars, project counts. Feature routes arrive with their issues; /health and /openapi.json come
// from the platform's HTTP bootstrap.
import type { HttpService, ServiceContext } from '@castbook/platform';
import type { z } from 'zod';
import type { authorsConfig } from './config.js';

export async function authorsRoutes(_app: HttpService, _ctx: ServiceContext<z.infer<typeof authorsConfig>>): Promise<void> {}
