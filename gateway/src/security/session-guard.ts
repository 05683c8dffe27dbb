// Which sessions are still live, as the gateway knows it. Tokens live as long as their session (up
// to 30 days, PRODUCT.md), so a valid signature is not enough: a session revoked by logout or a
// password change must be refused at once (within a second; the issue).
//  - Every gateway subscribes to session.revoked.v1 with a consumer group of its own (each replica
//    must see every revocation) and refuses those sessions from then on.
//  - A session the gateway has not seen yet is looked up once on the auth service
//    (GET /internal/sessions/{sid}) and the answer cached, so a gateway that starts after a logout
//    does not accept the logged-out token. Positive answers are re-checked after `activeTtlMs`,
//    bounding the damage of a lost event.
// Without a bus (a gateway built on its own) nothing is cached: every request asks auth.
import { randomUUID } from 'node:crypto';
import { TOPICS } from '@castbook/contracts';
import { HttpError, type EventBus, type Logger, type Subscription } from '@castbook/platform';

export interface SessionGuardOptions {
  authUrl: string;
  logger: Logger;
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
      groupId: `gateway-sessions-${randomUUID()}`,
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

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private async lookup(sessionId: string): Promise<boolean> {
    const url = `${this.options.authUrl}/internal/sessions/${encodeURIComponent(sessionId)}`;
    let active: boolean;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000) });
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
