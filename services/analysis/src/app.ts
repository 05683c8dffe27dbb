// The analysis service's HTTP surface: registers its routes, nothing else.
// It owns: analysis jobs, progress, character analysis. Feature routes arrive with their issues; /health and /openapi.json come
// from the platform's HTTP bootstrap.
import type { HttpService, ServiceContext } from '@castbook/platform';
import type { z } from 'zod';
import type { analysisConfig } from './config.js';

export async function analysisRoutes(
  _app: HttpService,
  _ctx: ServiceContext<z.infer<typeof analysisConfig>>,
): Promise<void> {}
