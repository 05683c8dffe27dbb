// Event envelope and every event type of ARCHITECTURE.md's table. Types are past tense and
// versioned; `key` is the Kafka partition key (the aggregate id) so one aggregate's events stay in order.
import { z } from 'zod';
import { analysisStatus, limits, outline, subscriptionStatus, subscriptionTier } from './entities.js';

export const TOPICS = {
  auth: 'auth.events',
  projects: 'projects.events',
  authors: 'authors.events',
  analysis: 'analysis.events',
  billing: 'billing.events',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

const id = z.string().min(1);

const authorPayload = z.object({
  authorId: id,
  userId: id,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
const projectPayload = z.object({
  projectId: id,
  userId: id,
  authorId: z.string().nullable(),
  title: z.string(),
  contentVersion: z.number().int().nonnegative(),
  wordCount: z.number().int().nonnegative(),
  /** The project's analysis status and current job: the analysis service answers progress from them. */
  analysisStatus: analysisStatus.optional(),
  analysisJobId: z.string().nullable().optional(),
});
const analysisEndPayload = z.object({ projectId: id, jobId: id, error: z.string() });

/** Payload schema of each event type, and the topic it travels on. */
export const EVENT_TYPES = {
  'user.registered.v1': {
    topic: TOPICS.auth,
    payload: z.object({ userId: id, name: z.string(), email: z.string().email(), subscriptionTier }),
  },
  'user.updated.v1': {
    topic: TOPICS.auth,
    payload: z.object({ userId: id, name: z.string(), avatar: z.string().nullable() }),
  },
  'session.revoked.v1': {
    topic: TOPICS.auth,
    payload: z.object({ sessionId: id, userId: id }),
  },
  'subscription.changed.v1': {
    topic: TOPICS.billing,
    payload: z.object({
      userId: id,
      tier: subscriptionTier,
      status: subscriptionStatus,
      limits,
      features: z.array(z.string()),
    }),
  },
  /** A registration trial ends within 3 days (sent once per trial, with the reminder mail). */
  'subscription.trial_ending.v1': {
    topic: TOPICS.billing,
    payload: z.object({ userId: id, endsAt: z.string().datetime({ offset: true }) }),
  },
  /** A renewal payment failed: Pro lasts until `graceEndsAt` unless the card is fixed (once per failure). */
  'subscription.payment_failed.v1': {
    topic: TOPICS.billing,
    payload: z.object({ userId: id, graceEndsAt: z.string().datetime({ offset: true }) }),
  },
  'author.created.v1': { topic: TOPICS.authors, payload: authorPayload },
  'author.updated.v1': { topic: TOPICS.authors, payload: authorPayload },
  'author.deleted.v1': { topic: TOPICS.authors, payload: authorPayload },
  'project.created.v1': { topic: TOPICS.projects, payload: projectPayload },
  'project.updated.v1': { topic: TOPICS.projects, payload: projectPayload },
  'project.deleted.v1': { topic: TOPICS.projects, payload: projectPayload },
  /**
   * A user's stored bytes in the projects service (texts, covers, voice samples) and project count,
   * after each change: billing shows usage from it, other services add it to their own for the
   * storage limit (PRODUCT.md: storage counts every stored byte).
   */
  'project_storage.changed.v1': {
    topic: TOPICS.projects,
    payload: z.object({
      userId: id,
      storageBytes: z.number().int().nonnegative(),
      projectCount: z.number().int().nonnegative(),
    }),
  },
  /** A user's stored bytes in the authors service (avatars), after each change. */
  'author_storage.changed.v1': {
    topic: TOPICS.authors,
    payload: z.object({ userId: id, storageBytes: z.number().int().nonnegative() }),
  },
  'analysis.requested.v1': {
    topic: TOPICS.projects,
    payload: z.object({
      projectId: id,
      userId: id,
      jobId: id,
      contentKey: z.string().min(1),
      contentVersion: z.number().int().nonnegative(),
      tier: subscriptionTier,
      /** The outline the user keeps: the job names its chunks from it instead of detecting it again. */
      outline: outline.optional(),
    }),
  },
  'analysis.cancel_requested.v1': {
    topic: TOPICS.projects,
    payload: z.object({ projectId: id, jobId: id }),
  },
  'analysis.progressed.v1': {
    topic: TOPICS.analysis,
    payload: z.object({
      projectId: id,
      jobId: id,
      processedChunks: z.number().int().nonnegative(),
      totalChunks: z.number().int().nonnegative(),
      statusMessage: z.string(),
    }),
  },
  'analysis.completed.v1': {
    topic: TOPICS.analysis,
    payload: z.object({
      projectId: id,
      jobId: id,
      contentVersion: z.number().int().nonnegative(),
      resultKey: z.string().min(1),
      stats: z.record(z.string(), z.number()),
    }),
  },
  'analysis.failed.v1': { topic: TOPICS.analysis, payload: analysisEndPayload },
  'analysis.cancelled.v1': { topic: TOPICS.analysis, payload: analysisEndPayload },
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_TYPES)[T]['payload']>;

/** Metadata carried beside the payload, e.g. the request id that caused the event. */
export const eventMetadata = z.object({ requestId: z.string().optional() }).catchall(z.string());

export const eventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  key: z.string().min(1),
  userId: z.string().nullable(),
  payload: z.unknown(),
  metadata: eventMetadata.default({}),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelope>, 'payload'> & { payload: P };
export type TypedEvent<T extends EventType> = EventEnvelope<EventPayload<T>> & { type: T };

export function topicOf(type: EventType): Topic {
  return EVENT_TYPES[type].topic;
}

/** The version number is the last segment of the type: 'user.registered.v1' -> 1. */
export function versionOf(type: string): number {
  const m = /\.v(\d+)$/.exec(type);
  if (!m) throw new Error(`event type '${type}' does not end in .vN`);
  return Number(m[1]);
}

/** Validates an envelope and, for a known type, its payload. Throws a ZodError on a bad event. */
export function parseEvent(raw: unknown): EventEnvelope {
  const env = eventEnvelope.parse(raw);
  const def = (EVENT_TYPES as Record<string, { payload: z.ZodType }>)[env.type];
  if (def) env.payload = def.payload.parse(env.payload);
  return env as EventEnvelope;
}
