// Which sessions are still live, as one gateway or service replica knows it. Tokens live as long as
// their session (up to 30 days, PRODUCT.md), so a valid signature is not enough: a session revoked by
// logout or a password change must be refused at once (within a second; the issue), by the gateway
// and by every service on its own port (zero trust: nothing relies on the gateway having checked).
//  - Every replica subscribes to session.revoked.v1 with a consumer group of its own (each replica
//    must see every revocation) and refuses those sessions from then on.
//  - A session the replica has not seen yet is looked up once on the auth service
//    (GET /internal/sessions/{sid}, with a service credential naming the caller) and the answer
//    cached, so a replica that starts after a logout does not accept the logged-out token. Positive
//    answers are re-checked after `activeTtlMs`, bounding the damage of a lost event.
// Without a bus nothing is cached: every request asks auth.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, TOPICS } from '@castbook/contracts';
import type { EventBus, Subscription } from '../events/event-bus.js';
import type { AuthUser } from '../http/auth-plugin.js';
import { HttpError } from '../http/server.js';
import type { Logger } from '../logging/logger.js';
import { mintServiceCredential, SERVICE_CREDENTIAL_HEADER } from './service-credential.js';

export interface SessionGuardOptions {
  authUrl: string;
  logger: Logger;
  /** The replica's target name (gateway, projects, ...): its consumer group and credential name it. */
  caller: string;
  /** The shared secret service credentials are signed with (serviceSecret(config.SERVICE_SECRET)). */
  secret: string;
  /** How long a confirmed-live session is trusted before asking auth again. Default 60 s. */
  activeTtlMs?: number;
  /** Cap on remembered sessions of each kind (oldest forgotten first). Default 100,000. */
  maxEntries?: number;
  timeoutMs?: number;
}

const REVOKED_KEEP_MS = 31 * 24 * 60 * 60 * 1000; // longer than any token lives

export class SessionGuard {
  private readonly revoked = new Map<string, number>();
  private readonly active = new Map<string, number>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private subscription: Subscription | undefined;
  private readonly activeTtlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly options: SessionGuardOptions) {
    this.activeTtlMs = options.activeTtlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 100_000;
  }

  /** Starts listening for revocations; call before serving. */
  async listen(bus: EventBus): Promise<void> {
    this.subscription = await bus.subscribe({
      groupId: `${this.options.caller}-sessions-${randomUUID()}`,
      perReplica: true,
      topics: [TOPICS.auth],
      fromBeginning: false,
      handler: async (event) => {
        if (event.type !== 'session.revoked.v1') return;
        const sessionId = (event.payload as { sessionId?: unknown }).sessionId;
        if (typeof sessionId === 'string') this.markRevoked(sessionId);
      },
    });
  }

  markRevoked(sessionId: string): void {
    this.active.delete(sessionId);
    remember(this.revoked, sessionId, Date.now(), this.maxEntries);
  }

  async isActive(sessionId: string): Promise<boolean> {
    const revokedAt = this.revoked.get(sessionId);
    if (revokedAt !== undefined && Date.now() - revokedAt < REVOKED_KEEP_MS) return false;
    const confirmedAt = this.active.get(sessionId);
    if (confirmedAt !== undefined && Date.now() - confirmedAt < this.activeTtlMs) return true;
    let lookup = this.pending.get(sessionId);
    if (!lookup) {
      lookup = this.lookup(sessionId).finally(() => this.pending.delete(sessionId));
      this.pending.set(sessionId, lookup);
    }
    const live = await lookup;
    // A revocation that arrived while auth was answering wins.
    return live && !this.revoked.has(sessionId);
  }

  /** authHook's checkSession: a revoked (or unknown to auth) session is 401 "Session has expired". */
  readonly checkSession = async (user: AuthUser, _req?: FastifyRequest): Promise<void> => {
    if (!(await this.isActive(user.sessionId))) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  };

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private async lookup(sessionId: string): Promise<boolean> {
    const url = `${this.options.authUrl}/internal/sessions/${encodeURIComponent(sessionId)}`;
    let active: boolean;
    try {
      const credential = mintServiceCredential(this.options.secret, this.options.caller, 'auth');
      const res = await fetch(url, {
        headers: { [SERVICE_CREDENTIAL_HEADER]: credential },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000),
      });
      if (!res.ok) throw new Error(`auth answered ${res.status}`);
      const body = (await res.json()) as { data?: { active?: unknown } };
      active = body.data?.active === true;
    } catch (err) {
      // Fail closed, but as an outage (503), not as "you are logged out" (401).
      this.options.logger.warn({ err, sessionId }, 'session look-up failed');
      throw new HttpError(503, 'Sign-in is temporarily unavailable');
    }
    if (!this.subscription) return active;
    if (active) remember(this.active, sessionId, Date.now(), this.maxEntries);
    else this.markRevoked(sessionId);
    return active;
  }
}

function remember(map: Map<string, number>, key: string, value: number, max: number): void {
  map.delete(key);
  map.set(key, value);
  // Maps iterate in insertion order: the first keys are the oldest.
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}
