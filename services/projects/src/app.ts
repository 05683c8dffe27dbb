// The projects service's HTTP surface: registers its routes, nothing else.
// It owns: projects, content, outline, characters, quotes, uploads. Feature routes arrive with their issues; /health and /openapi.json come
// from the platform's HTTP bootstrap.
import type { HttpService, ServiceContext } from '@castbook/platform';
import type { z } from 'zod';
import type { projectsConfig } from './config.js';

export async function projectsRoutes(_app: HttpService, _ctx: ServiceContext<z.infer<typeof projectsConfig>>): Promise<void> {}
