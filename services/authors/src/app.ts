// The authors service's HTTP surface: registers its routes, nothing else.
// It owns authors, avatars and project counts.
import multipart from '@fastify/multipart';
import { authHook, createTokenVerifier, type HttpService, type ServiceContext } from '@castbook/platform';
import type { AuthorsConfig } from './config.js';
import { Authors } from './domain/author-service.js';
import { httpStoragePeers } from './domain/peers.js';
import { authorRoutes } from './routes/authors.js';

export async function authorsRoutes(app: HttpService, ctx: ServiceContext<AuthorsConfig>): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.config.MAX_AVATAR_BYTES, files: 1, fields: 20 } });
  const signedIn = authHook({
    verifier: createTokenVerifier({ jwksUrl: ctx.config.AUTH_JWKS_URL }),
    // Revocation checked here too, not only at the gateway (zero trust).
    checkSession: (await ctx.sessions()).checkSession,
  });
  const authors = new Authors(ctx.db, ctx.blobs, ctx.logger, httpStoragePeers(ctx.config.BILLING_URL));
  authorRoutes(app, authors, signedIn, ctx.config.MAX_AVATAR_BYTES);
}
