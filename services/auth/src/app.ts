// The auth service's HTTP surface: builds its parts (signing key, mailer, account flows) and
// registers the routes. It owns users, sessions, password reset and profile.
import {
  authHook,
  createTokenVerifier,
  LogMailer,
  SmtpMailer,
  type HttpService,
  type ServiceContext,
} from '@castbook/platform';
import { Accounts } from './domain/accounts.js';
import { parseTrustedProxies } from './domain/addresses.js';
import { systemClock, type Clock } from './domain/clock.js';
import { generateSigningKey, TokenSigner } from './domain/tokens.js';
import { loadOrCreateKey, publicKeys } from './db/signing-keys.js';
import type { AuthConfig } from './config.js';
import { publicAuthRoutes, sessionAuthRoutes } from './routes/auth.js';
import { callContextOf } from './routes/context.js';
import { internalRoutes } from './routes/internal.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { userRoutes } from './routes/users.js';

const MINUTE = 60_000;
/** How often each replica deletes throttle rows nobody needs any more (idempotent across replicas). */
const PRUNE_EVERY_MS = 10 * MINUTE;

export async function authRoutes(app: HttpService, ctx: ServiceContext<AuthConfig>, clock: Clock = systemClock) {
  const { config, db, logger } = ctx;
  const key = await loadOrCreateKey(db, generateSigningKey);
  const signer = await TokenSigner.fromStored(key);
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new LogMailer(logger);
  const accounts = new Accounts({
    db,
    signer,
    mailer,
    clock,
    logger,
    appBaseUrl: config.APP_BASE_URL.replace(/\/$/, ''),
    loginThrottle: {
      freeFailures: config.LOGIN_MAX_ATTEMPTS,
      firstDelayMs: config.LOGIN_FIRST_DELAY_MINUTES * MINUTE,
      maxDelayMs: config.LOGIN_MAX_DELAY_MINUTES * MINUTE,
      addressMaxFailures: config.LOGIN_ADDRESS_MAX_FAILURES,
      addressWindowMs: config.LOGIN_ADDRESS_WINDOW_MINUTES * MINUTE,
    },
  });
  const pruner = setInterval(() => {
    accounts.pruneThrottle().catch((err: unknown) => logger.warn({ err }, 'sign-in throttle not pruned'));
  }, PRUNE_EVERY_MS);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));
  const callContext = callContextOf(parseTrustedProxies(config.TRUSTED_PROXIES));
  // Auth checks its own tokens with its own key, then the session row (revoked or expired is refused).
  const verifier = createTokenVerifier({ jwks: { keys: [key.publicJwk] } });

  internalRoutes(app, accounts, () => publicKeys(db));
  publicAuthRoutes(app, accounts, callContext);
  passwordResetRoutes(app, accounts, logger, callContext);
  const signedIn = authHook({ verifier, checkSession: (user) => accounts.checkSession(user) });
  sessionAuthRoutes(app, accounts, signedIn, callContext);
  userRoutes(app, accounts, signedIn, callContext);
}
