// The account flows: register, sign in and out, password change and reset, profile. Plain
// orchestration of the repositories (db/) and events (events/); no Fastify, no SQL here.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type AuthSession,
  type DeviceInfo,
  type SubscriptionTier,
  type User,
} from '@castbook/contracts';
import {
  enqueueEvents,
  HttpError,
  type AuthUser,
  type Database,
  type Logger,
  type Mailer,
  type MailMessage,
  type Queryable,
} from '@castbook/platform';
import * as throttle from '../db/login-throttle.js';
import * as resets from '../db/password-resets.js';
import * as sessions from '../db/sessions.js';
import * as users from '../db/users.js';
import { sessionsRevoked, userRegistered, userUpdated } from '../events/auth-events.js';
import type { Clock } from './clock.js';
import { TooManyAttempts } from './errors.js';
import { alreadyRegisteredMail, resetPasswordMail } from './mails.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { throttleAddressKey } from './addresses.js';
import {
  delaySchedule,
  emailKey,
  RESET_LINK_TTL_MS,
  RESET_MAILS_PER_HOUR,
  retryAfterSec,
  sessionLifetimeMs,
  THROTTLE_MEMORY_MS,
  type LoginThrottle,
} from './policy.js';
import type { TokenSigner } from './tokens.js';

export interface AccountDeps {
  db: Database;
  signer: TokenSigner;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  appBaseUrl: string;
  loginThrottle: LoginThrottle;
}

/** Whose password is being tried, from where: the unit the sign-in throttle counts. */
interface AttemptKey {
  accountKey: string;
  address: string;
}

/** Who is calling: the client address and the request id that events carry in their metadata. */
export interface CallContext {
  /** The client's address as the gateway saw it (routes/context.ts); null when unknown. */
  ip: string | null;
  requestId: string;
}

export interface SessionStatus {
  active: boolean;
  userId: string | null;
  expiresAt: string | null;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class Accounts {
  private readonly schedule: number[];

  constructor(private readonly deps: AccountDeps) {
    this.schedule = delaySchedule(deps.loginThrottle);
  }

  /** Statements outside a transaction run on the pool. */
  private get q(): Queryable {
    return this.deps.db.pool;
  }

  /**
   * Creates the account and signs it in. With an email that already has an account it creates
   * nothing, mails the owner instead and answers null: the caller answers both the same way, so
   * the answer does not say whether the email is registered (docs/decisions.md).
   */
  async register(
    input: { name: string; email: string; password: string; subscriptionTier: SubscriptionTier },
    ctx: CallContext,
  ): Promise<AuthSession | null> {
    const { clock } = this.deps;
    const db = this.q;
    // Hashed in both cases, so a taken email answers as slowly as a new one.
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const session = await this.deps.db.transaction(async (tx) => {
      const id = randomUUID();
      if (!(await users.insertUser(tx, { id, name: input.name, email: input.email, passwordHash, now }))) return null;
      const row = { id, name: input.name, email: input.email, avatar: null, password_hash: passwordHash };
      const started = await this.startSession(tx, row, { rememberMe: false, deviceInfo: null }, ctx, now);
      await enqueueEvents(tx, [userRegistered(row, input.subscriptionTier, { requestId: ctx.requestId })]);
      return started;
    });
    if (!session) {
      const owner = await users.findUserByEmail(db, input.email);
      if (owner) {
        const base = this.deps.appBaseUrl;
        this.sendLater(alreadyRegisteredMail(owner.email, owner.name, `${base}/login`, `${base}/forgot-password`));
      }
    }
    return session;
  }

  async login(
    input: { email: string; password: string; rememberMe: boolean; deviceInfo?: DeviceInfo | undefined },
    ctx: CallContext,
  ): Promise<AuthSession> {
    const { clock } = this.deps;
    const db = this.q;
    const now = clock.now();
    const attempt = { accountKey: emailKey(input.email), address: throttleAddressKey(ctx.ip) };
    await this.countAttempt(attempt, now);
    const user = await users.findUserByEmail(db, input.email);
    // Unknown email and wrong password: same work, same answer.
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
    await this.attemptSucceeded(attempt);
    return this.startSession(
      db,
      user,
      { rememberMe: input.rememberMe, deviceInfo: input.deviceInfo ?? null },
      ctx,
      now,
    );
  }

  async logout(caller: AuthUser, ctx: CallContext): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      if (await sessions.revokeSession(tx, caller.sessionId, 'logout', now)) {
        await enqueueEvents(tx, sessionsRevoked(caller.userId, [caller.sessionId], { requestId: ctx.requestId }));
      }
    });
  }

  async me(caller: AuthUser): Promise<User> {
    const row = await users.findUserById(this.q, caller.userId);
    if (!row) throw new HttpError(401, AUTH_MESSAGES.unauthorized);
    return users.toUser(row);
  }

  /** Changes the caller's own password and signs out every other session of theirs. */
  async updatePassword(
    caller: AuthUser,
    input: { id: string; currentPassword: string; newPassword: string },
    ctx: CallContext,
  ): Promise<void> {
    const { clock } = this.deps;
    const db = this.q;
    if (input.id !== caller.userId) throw new HttpError(403, AUTH_MESSAGES.notYourAccount);
    const row = await users.findUserById(db, caller.userId);
    if (!row) throw new HttpError(401, AUTH_MESSAGES.unauthorized);
    const now = clock.now();
    // A stolen token must not become a way to guess the password: same throttle as sign-in.
    const attempt = { accountKey: emailKey(row.email), address: throttleAddressKey(ctx.ip) };
    await this.countAttempt(attempt, now);
    if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
      throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong);
    }
    await this.attemptSucceeded(attempt);
    const hash = await hashPassword(input.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await users.updatePasswordHash(tx, row.id, hash, now);
      await resets.voidResets(tx, row.id, now);
      const revoked = await sessions.revokeUserSessions(tx, row.id, 'password_changed', now, caller.sessionId);
      await enqueueEvents(tx, sessionsRevoked(row.id, revoked, { requestId: ctx.requestId }));
    });
  }

  /** Mails a single-use reset link when the email has an account; does nothing visible otherwise. */
  async requestReset(email: string): Promise<void> {
    const { clock, logger } = this.deps;
    const db = this.q;
    const now = clock.now();
    const user = await users.findUserByEmail(db, email);
    if (!user) return;
    const recent = await resets.countRecentResets(db, user.id, new Date(now.getTime() - 60 * 60 * 1000));
    if (recent >= RESET_MAILS_PER_HOUR) {
      logger.warn({ userId: user.id }, 'reset mail limit reached; request ignored');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await resets.insertReset(db, {
      tokenHash: sha256(token),
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    });
    const link = `${this.deps.appBaseUrl}/reset-password?token=${token}`;
    this.sendLater(resetPasswordMail(user.email, user.name, link));
  }

  /** Sets a new password from a reset link, uses the link up and signs out every session. */
  async confirmReset(input: { token: string; newPassword: string }, ctx: CallContext): Promise<void> {
    const { clock } = this.deps;
    const db = this.q;
    const hash = await hashPassword(input.newPassword);
    const now = clock.now();
    const email = await this.deps.db.transaction(async (tx) => {
      const userId = await resets.consumeReset(tx, sha256(input.token), now);
      if (!userId) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
      await users.updatePasswordHash(tx, userId, hash, now);
      await resets.voidResets(tx, userId, now);
      const revoked = await sessions.revokeUserSessions(tx, userId, 'password_reset', now);
      await enqueueEvents(tx, sessionsRevoked(userId, revoked, { requestId: ctx.requestId }));
      return (await users.findUserById(tx, userId))?.email;
    });
    // The owner proved control of the mailbox: every delay on the account ends here.
    if (email) await throttle.clearAccount(db, emailKey(email));
  }

  async profile(caller: AuthUser, requestedId: string | undefined): Promise<User> {
    if (requestedId !== undefined && requestedId !== caller.userId) {
      throw new HttpError(403, AUTH_MESSAGES.notYourAccount);
    }
    return this.me(caller);
  }

  async updateProfile(caller: AuthUser, input: { id: string; name: string }, ctx: CallContext): Promise<User> {
    if (input.id !== caller.userId) throw new HttpError(403, AUTH_MESSAGES.notYourAccount);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await users.updateName(tx, caller.userId, input.name, now);
      if (!row) throw new HttpError(401, AUTH_MESSAGES.unauthorized);
      await enqueueEvents(tx, [userUpdated(row, { requestId: ctx.requestId })]);
      return users.toUser(row);
    });
  }

  /** Auth's own routes accept a token only while its session row is live. */
  async checkSession(caller: AuthUser): Promise<void> {
    const status = await this.sessionStatus(caller.sessionId);
    if (status.userId !== caller.userId) throw new HttpError(401, AUTH_MESSAGES.unauthorized);
    if (!status.active) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  }

  async sessionStatus(sessionId: string): Promise<SessionStatus> {
    const row = await sessions.findSession(this.q, sessionId);
    if (!row) return { active: false, userId: null, expiresAt: null };
    const active = row.revoked_at === null && row.expires_at.getTime() > this.deps.clock.now().getTime();
    return { active, userId: row.user_id, expiresAt: row.expires_at.toISOString() };
  }

  private async startSession(
    q: Queryable,
    user: users.UserRow,
    opts: { rememberMe: boolean; deviceInfo: DeviceInfo | null },
    ctx: CallContext,
    now: Date,
  ): Promise<AuthSession> {
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs(opts.rememberMe));
    await sessions.insertSession(q, { id, userId: user.id, ...opts, ip: ctx.ip, now, expiresAt });
    const token = await this.deps.signer.sign({ userId: user.id, sessionId: id }, now, expiresAt);
    return { token, user: users.toUser(user), expiresAt: expiresAt.toISOString() };
  }

  /** Deletes throttle rows nobody needs any more (quiet pairs, ended address windows). */
  async pruneThrottle(): Promise<number> {
    const now = this.deps.clock.now();
    return throttle.prune(this.q, now, THROTTLE_MEMORY_MS, this.deps.loginThrottle.addressWindowMs);
  }

  /**
   * Counts a password attempt before the password is checked, as a failure until it proves right
   * (attemptSucceeded). Refused with 429 when the client address is over its cap for all accounts,
   * or when this (account, address) pair is still waiting out its delay. Only the pair waits: the
   * owner signing in from another address is not held back by a stranger's guesses.
   */
  private async countAttempt(attempt: AttemptKey, now: Date): Promise<void> {
    const limits = this.deps.loginThrottle;
    const window = await throttle.countAddressAttempt(this.q, attempt.address, now, limits.addressWindowMs);
    if (window.failures > limits.addressMaxFailures) {
      const until = new Date(window.windowStartedAt.getTime() + limits.addressWindowMs);
      throw new TooManyAttempts(retryAfterSec(until, now));
    }
    const pair = await throttle.countPairAttempt(this.q, attempt, now, this.schedule, THROTTLE_MEMORY_MS);
    if (!pair.counted) throw new TooManyAttempts(retryAfterSec(pair.lockedUntil, now));
  }

  /** The password was right: the pair starts again and the attempt does not count against the address. */
  private async attemptSucceeded(attempt: AttemptKey): Promise<void> {
    await throttle.clearPair(this.q, attempt);
    await throttle.refundAddressAttempt(this.q, attempt.address);
  }

  /** Mail goes out after the answer: its latency (or an SMTP outage) must not show in the timing. */
  private sendLater(mail: MailMessage): void {
    void this.deps.mailer
      .send(mail)
      .catch((err: unknown) => this.deps.logger.error({ err, subject: mail.subject }, 'mail not sent'));
  }
}
