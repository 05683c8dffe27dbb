// The outbox relay: publishes pending outbox rows in position order, then marks them sent.
// - One active relay per database: a session-level advisory lock held on the relay's own connection
//   (released by PostgreSQL if the process dies), so a standby takes over and per-key order holds.
// - Low latency: LISTEN on that connection for the NOTIFY enqueueEvents sends at commit; a poll
//   (default 1 s) covers lost notifications and rows written by other means.
// - Never loses rows: a failed publish or database error backs off (doubling, capped) and retries.
import type { EventEnvelope } from '@castbook/contracts';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { EventBus } from './event-bus.js';
import { sleep } from './delivery.js';
import { OUTBOX_CHANNEL } from './outbox-enqueue.js';

/** Advisory lock key of the relay role (an arbitrary constant shared by every relay). */
const RELAY_LOCK_KEY = 7_202_611_001;

export interface OutboxRelayOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Rows per publish. Default 500. */
  batchSize?: number;
  /** Poll interval when no notification arrives, and how often a standby tries for the lock. Default 1000. */
  pollIntervalMs?: number;
  /** Longest backoff after a failure. Default 10,000. */
  maxBackoffMs?: number;
  /** Sent rows older than this are deleted (checked every 10 min). Default 7 days. */
  sentRetentionMs?: number;
  /**
   * TEST HOOK, off by default: runs after a batch is published and before it is marked sent, so
   * tests can kill the relay exactly there. Never set it in production code.
   */
  testHookAfterPublishBeforeMarkSent?: (events: EventEnvelope[]) => void | Promise<void>;
}

interface PendingRow {
  position: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

export class OutboxRelay {
  private readonly log: Logger;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly sentRetentionMs: number;
  private client: pg.PoolClient | undefined;
  /** The last query queued on `client`: the relay's queries run one after another (see query()). */
  private clientTail: Promise<unknown> = Promise.resolve();
  private clientBroken = false;
  private leader = false;
  private notified = false;
  private wake: (() => void) | undefined;
  private readonly stopRequested = new AbortController();
  private drainDeadline = Infinity;
  private loop: Promise<void> | undefined;
  private lastCleanup = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.log = options.logger.child({ component: 'outbox-relay' });
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.sentRetentionMs = options.sentRetentionMs ?? 7 * 24 * 3600_000;
  }

  /** Starts relaying in the background; returns at once. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Whether this relay currently holds the lock (the others stand by). */
  get isActive(): boolean {
    return this.leader;
  }

  /**
   * Stops after publishing what is pending (up to drainTimeoutMs), then releases the lock and the
   * connection. Rows still pending are published by the next relay.
   */
  async stop({ drainTimeoutMs = 5000 }: { drainTimeoutMs?: number } = {}): Promise<void> {
    this.drainDeadline = Date.now() + drainTimeoutMs;
    this.stopRequested.abort();
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoff = 0;
    for (;;) {
      const stopping = this.stopRequested.signal.aborted;
      if (stopping && Date.now() >= this.drainDeadline) break;
      try {
        if (!this.client) await this.connect();
        if (!this.leader) {
          if (stopping) break;
          this.leader = await this.tryLock();
          if (!this.leader) {
            // A standby only waits for the lock, at the poll interval: notifications are the active
            // relay's work. (Waiting for work here spun: the first notification left `notified` set,
            // and a standby tried the lock some 650 times a second from then on.)
            await sleep(this.pollIntervalMs, this.stopRequested.signal);
            continue;
          }
          this.log.info('outbox relay active');
        }
        this.notified = false;
        await this.relayPending();
        backoff = 0;
        if (stopping) break;
        await this.cleanup();
        await this.waitForWork();
      } catch (err) {
        if (stopping) {
          this.log.warn({ err }, 'outbox relay stopped with rows possibly pending');
          break;
        }
        backoff = Math.min(this.maxBackoffMs, backoff ? backoff * 2 : 100);
        this.log.warn({ err, retryInMs: backoff }, 'outbox relay failed; retrying');
        if (this.clientBroken) this.dropClient();
        await sleep(backoff, this.stopRequested.signal);
      }
    }
    await this.disconnect();
  }

  /**
   * Publishes pending rows, batch after batch in position order, until none are left (or the drain
   * deadline of stop() passes). Pipelined on the relay's connection: while Kafka takes batch N, the
   * connection marks batch N−1 sent and reads batch N+1 (skipping N's rows, not yet marked). Batches
   * are published strictly one after another, so per-key order holds; a batch is marked only after
   * its publish succeeded.
   */
  private async relayPending(): Promise<void> {
    let marking: Promise<unknown> = Promise.resolve();
    let batch = await this.readPending([]);
    try {
      while (batch.length > 0) {
        const positions = batch.map((r) => r.position);
        const publishing = this.options.bus.publish(
          batch.map((r) => ({ topic: r.topic, key: r.key, event: r.envelope })),
        );
        const reading = this.readPending(positions);
        // Whatever happens to the publish, the read must not reject unobserved.
        reading.catch(() => undefined);
        await publishing;
        await this.options.testHookAfterPublishBeforeMarkSent?.(batch.map((r) => r.envelope));
        marking = this.query('UPDATE outbox SET sent_at = now() WHERE position = ANY($1::bigint[])', [positions]);
        marking.catch(() => undefined);
        if (this.stopRequested.signal.aborted && Date.now() >= this.drainDeadline) break;
        batch = await reading;
      }
    } catch (err) {
      // A mark in flight finishes (or fails) before the relay backs off or lets go of the lock.
      await marking.catch(() => undefined);
      throw err;
    }
    await marking;
  }

  /** Up to batchSize pending rows in position order, leaving out rows being published. */
  private async readPending(inFlight: string[]): Promise<PendingRow[]> {
    const { rows } = await this.query<PendingRow>(
      `SELECT position, topic, key, envelope FROM outbox
       WHERE sent_at IS NULL AND position <> ALL($1::bigint[]) ORDER BY position LIMIT $2`,
      [inFlight, this.batchSize],
    );
    return rows;
  }

  /** Waits for a notification, the poll interval or stop(), whichever comes first. */
  private async waitForWork(): Promise<void> {
    if (this.notified || this.stopRequested.signal.aborted) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
    this.wake = undefined;
  }

  private async connect(): Promise<void> {
    const client = await this.options.db.pool.connect();
    this.clientBroken = false;
    client.on('error', (err) => {
      // The lock went with the connection: stop publishing until it is re-acquired.
      this.log.warn({ err }, 'outbox relay connection lost');
      this.clientBroken = true;
      this.leader = false;
    });
    client.on('notification', (msg) => {
      if (msg.channel !== OUTBOX_CHANNEL) return;
      this.notified = true;
      this.wake?.();
    });
    this.client = client;
    this.clientTail = Promise.resolve();
    try {
      await this.query(`LISTEN ${OUTBOX_CHANNEL}`);
      // Marking rows sent need not wait for the WAL flush: if a crash loses the mark, the rows are
      // published again, which at-least-once delivery already allows. This saves an fsync per batch.
      await this.query('SET synchronous_commit = off');
      // Read pending rows with a plain index scan of outbox_pending, never a bitmap scan: an index
      // scan marks the entries of rows already sent as dead as it passes them, so the next read
      // skips them; a bitmap scan does not, and re-reads every sent row since the last vacuum on
      // each batch (measured: 1.3 ms instead of 0.08 ms per read with 20,000 sent rows).
      await this.query('SET enable_bitmapscan = off');
    } catch (err) {
      this.clientBroken = true;
      this.dropClient();
      throw err;
    }
  }

  private async tryLock(): Promise<boolean> {
    const { rows } = await this.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      RELAY_LOCK_KEY,
    ]);
    return rows[0]?.locked === true;
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 600_000) return;
    this.lastCleanup = Date.now();
    await this.query(`DELETE FROM outbox WHERE sent_at < now() - ($1::bigint * interval '1 millisecond')`, [
      this.sentRetentionMs,
    ]);
  }

  /**
   * A query on the relay's connection, run after those queued before it. The pipeline in
   * relayPending() issues a read while a mark is still running; pg deprecates overlapping queries on
   * one client, so they are chained here.
   */
  private query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const client = this.client!;
    const run = this.clientTail.then(() => client.query<R>(sql, params));
    this.clientTail = run.catch(() => undefined);
    return run;
  }

  private dropClient(): void {
    this.client?.release(true);
    this.client = undefined;
    this.leader = false;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      if (this.leader) await this.query('SELECT pg_advisory_unlock($1)', [RELAY_LOCK_KEY]);
      await this.query(`UNLISTEN ${OUTBOX_CHANNEL}`);
      client.release();
    } catch {
      client.release(true);
    }
    this.client = undefined;
    this.leader = false;
  }
}
