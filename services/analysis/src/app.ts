// The analysis service's HTTP surface: registers its routes, nothing else.
// It owns analysis jobs and progress (character analysis is the projects service's); /health and
// /openapi.json come from the platform's HTTP bootstrap.
import { authHook, createTokenVerifier, type HttpService, type ServiceContext } from '@castbook/platform';
import type { AnalysisConfig } from './config.js';
import { progressRoutes } from './routes/progress.js';

export async function analysisRoutes(app: HttpService, ctx: ServiceContext<AnalysisConfig>): Promise<void> {
  const signedIn = authHook({
    verifier: createTokenVerifier({ jwksUrl: ctx.config.AUTH_JWKS_URL }),
    // Revocation checked here too, not only at the gateway (zero trust).
    checkSession: (await ctx.sessions()).checkSession,
  });
  progressRoutes(app, ctx.db, signedIn);
}
