// Entity shapes of SPEC §3, shared by services and the frontend.
import { z } from 'zod';
import { issuedAudioSample, safeDocument, safeLine, safeText, trimmedPattern } from './text.js';
import { OUTLINE_LEVELS, type OutlineType } from './outline-levels.js';

const id = z.string().min(1);
const isoDate = z.string().datetime({ offset: true });

export const user = z.object({
  id,
  name: z.string(),
  // The documents say what sign-up checked (zod's pattern), not JSON Schema's `format: email`, which
  // also means RFC 5321's lengths (a local part of at most 64 characters) that nothing checks.
  email: z.string().email().meta({ format: undefined }),
  avatar: z.string().nullable().optional(),
});
export type User = z.infer<typeof user>;

export const deviceInfo = z.object({
  name: safeLine('name').max(200),
  type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  os: safeLine('os').max(200),
  client: safeLine('client').max(200),
  ip: safeLine('ip').max(100),
  metadata: z.object({
    userAgent: safeLine('userAgent').max(1000),
    screenResolution: safeLine('screenResolution').max(50),
    timezone: safeLine('timezone').max(100),
    language: safeLine('language').max(50),
    platform: safeLine('platform').max(100),
    colorDepth: z.union([z.number(), z.string()]),
  }),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

export const subscriptionTier = z.enum(['free', 'pro']);
export type SubscriptionTier = z.infer<typeof subscriptionTier>;

export const author = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable().optional(),
  projectCount: z.number().int().nonnegative(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Author = z.infer<typeof author>;

export * from './outline-levels.js';
export const outlineType = z.enum(Object.keys(OUTLINE_LEVELS) as [OutlineType, ...OutlineType[]]);

export interface OutlineItem {
  id: string;
  parentId: string | null;
  type: OutlineType;
  title: string;
  startOffset: number;
  endOffset: number;
  children: OutlineItem[];
}
export const outlineItem: z.ZodType<OutlineItem> = z.lazy(() =>
  z
    .object({
      id,
      parentId: z.string().nullable(),
      type: outlineType,
      title: safeLine('title').max(500),
      startOffset: z.number().int().nonnegative(),
      endOffset: z.number().int().nonnegative(),
      children: z.array(outlineItem),
    })
    .refine((i) => i.endOffset >= i.startOffset, { message: 'endOffset must not be before startOffset' }),
);
// A named component in the OpenAPI documents: the tree refers to itself by this name.
z.globalRegistry.add(outlineItem, { id: 'OutlineItem' });
export const outline = z.array(outlineItem);

export const chunkType = z.enum(['book', 'part', 'chapter', 'other']);
export const chunk = z.object({
  id,
  content: z.string(),
  startOffset: z.number().int().nonnegative(),
  endOffset: z.number().int().nonnegative(),
  type: chunkType,
  title: z.string(),
  level: z.number().int(),
});
export type Chunk = z.infer<typeof chunk>;

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be a six-digit hex like #a1b2c3');

/** The audio formats a voice take may be (found from its bytes, never its name). */
export const audioFileType = z.enum(['wav', 'mp3', 'ogg', 'webm', 'm4a']);
export type AudioFileType = z.infer<typeof audioFileType>;
/** A character keeps at most this many takes (issue 17). */
export const MAX_VOICE_TAKES = 5;
/** The longest take, in seconds (issue 17: five minutes). */
export const MAX_VOICE_SECONDS = 300;

/**
 * One recording of a character's voice. The server creates takes (POST …/voice-takes) and answers
 * them with `playUrl`, a signed URL valid about an hour that a plain `<audio>` plays without a token;
 * `playUrl` is never stored (a client sending takes back has them ignored: the stored ones stand).
 */
export const voiceTake = z.object({
  id: z.string().min(1).max(100),
  url: issuedAudioSample,
  fileType: audioFileType,
  durationSeconds: z.number().nonnegative().max(MAX_VOICE_SECONDS),
  bytes: z.number().int().nonnegative(),
  createdAt: isoDate,
  source: z.enum(['recorded', 'uploaded']),
  playUrl: z.string().max(2000).optional(),
});
export type VoiceTake = z.infer<typeof voiceTake>;

/** How a character sounds, in the narrator's words: each a single line of at most 200 characters. */
const voiceNote = (field: string) => safeLine(field).max(200).optional();
export const voiceNotes = z.object({
  age: voiceNote('age'),
  accent: voiceNote('accent'),
  pitch: voiceNote('pitch'),
  pace: voiceNote('pace'),
  direction: voiceNote('direction'),
  pronunciation: voiceNote('pronunciation'),
  ipa: voiceNote('ipa'),
});
export type VoiceNotes = z.infer<typeof voiceNotes>;

export const character = z.object({
  id,
  name: safeLine('name')
    .trim()
    .min(1)
    .max(200)
    .meta({ pattern: trimmedPattern('line', 1) }),
  color: hexColor,
  summary: safeText('summary').max(10_000).default(''),
  mentions: z.number().int().nonnegative().default(0),
  alternativeNames: z.array(safeLine('alternativeNames').max(200)).max(1_000).default([]),
  relationships: z.array(safeText('relationships').max(500)).max(1_000).default([]),
  isUserCreated: z.boolean().default(false),
  /** Set by the server when the user changed an analysed character's name, summary or colour: re-analysis keeps it. */
  isUserEdited: z.boolean().optional(),
  /** Set by the server when the user renamed an analysed character: the engine's name, so re-analysis finds it again. */
  analysedName: safeLine('analysedName').max(200).optional(),
  /** Only a recording this app issued (POST /api/upload/audio), or none. */
  audioSample: issuedAudioSample.nullable().optional(),
  /** The character's takes, oldest first; audioSample is one of their urls (or an older upload), or null. */
  voiceTakes: z.array(voiceTake).max(MAX_VOICE_TAKES).optional(),
  voiceNotes: voiceNotes.optional(),
});
export type Character = z.infer<typeof character>;

/** A summary of the form 'Character named {name}' counts as no real summary (SPEC §3). */
export function hasRealSummary(c: Pick<Character, 'name' | 'summary'>): boolean {
  const s = (c.summary ?? '').trim();
  return s.length > 0 && s !== `Character named ${c.name}`;
}

export const attributionMethod = z.enum([
  'explicit', // a speech tag naming the speaker: "…," said Anne
  'pronoun', // a speech tag with a pronoun resolved to a character
  'vocative', // the speaker is addressed by the previous or next turn
  'turn-taking', // alternation in a two-person conversation
  'narration', // the paragraph's own narration names the speaker
  'narrator', // the first-person narrator
  'continuation', // continues the previous quote of the same paragraph or utterance
  'ai', // an AI provider
  'user', // set by hand; survives re-analysis
  'none', // no speaker found
]);
export type AttributionMethod = z.infer<typeof attributionMethod>;

/** A speaker the engine weighed for a quote, with the probability it gave them. */
export const speakerCandidate = z.object({
  speakerId: z.string(),
  probability: z.number().min(0).max(1),
});

export const quote = z.object({
  id,
  text: safeDocument('text'),
  startOffset: z.number().int().nonnegative(),
  endOffset: z.number().int().nonnegative(),
  speakerId: z.string().nullable(),
  /** The estimated probability that speakerId is right (calibrated on held-out novels). */
  confidence: z.number().min(0).max(1),
  attributionMethod,
  /** The engine's top candidates, best first (absent for quotes set by hand). */
  candidates: z.array(speakerCandidate).max(10).optional(),
  /** What decided the speaker, machine-readable: the engine's strongest features ('tagName', …). */
  evidence: z.array(z.string().max(40)).max(10).optional(),
});
export type Quote = z.infer<typeof quote>;

export const analysisStatus = z.enum(['pending', 'in_progress', 'completed', 'failed']);
export type AnalysisStatus = z.infer<typeof analysisStatus>;

export const project = z.object({
  id,
  title: z.string(),
  content: z.string(),
  thumbnail: z.string().nullable(),
  authorId: z.string().nullable(),
  author: z.object({ id, firstName: z.string(), lastName: z.string() }).nullable().optional(),
  analysisStatus,
  createdAt: isoDate,
  updatedAt: isoDate,
  outline,
  characters: z.array(character),
  quotes: z.array(quote),
  /**
   * Over the plan's project limit (a downgrade, a trial that ended): the user's oldest `maxProjects`
   * projects stay writable, the others answer every write with 403 until the user upgrades or deletes
   * some. Reading and deleting stay allowed.
   */
  readOnly: z.boolean(),
  /** Why, when `readOnly` (the same text the refused writes answer). */
  readOnlyReason: z.string().optional(),
});
export type Project = z.infer<typeof project>;

/**
 * A project without its text, plus the counts the server keeps: what the calls on one project answer
 * (create, update, analyze, cancel...). GET /api/projects/{id} adds `content`.
 */
export const projectSummary = project.omit({ content: true }).extend({
  chapterCount: z.number().int().min(0),
  wordCount: z.number().int().min(0),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

/**
 * A project as the list shows it (GET /api/projects, one page at a time): the summary without outline,
 * characters or quotes (GET /api/projects/{id} has them).
 */
export const projectListItem = projectSummary.omit({ outline: true, characters: true, quotes: true });
export type ProjectListItem = z.infer<typeof projectListItem>;

/** GET /api/projects?limit=: projects per page when not given, and the most one page holds. */
export const PROJECT_LIST_LIMIT = { default: 50, max: 100 } as const;

export const analysisProgress = z.object({
  statusMessage: z.string(),
  processedChunks: z.number().int().nonnegative(),
  totalChunks: z.number().int().nonnegative(),
  isComplete: z.boolean(),
  error: z.string().nullable().optional(),
});
export type AnalysisProgress = z.infer<typeof analysisProgress>;

export const characterAnalysis = z.object({
  summary: z.string(),
  personality: z.string(),
  arc: z.string(),
  relationships: z.string(),
  motivation: z.string(),
});
export type CharacterAnalysis = z.infer<typeof characterAnalysis>;

export const subscriptionStatus = z.enum(['active', 'expired', 'pending', 'canceled']);
export const subscription = z.object({
  tier: subscriptionTier,
  status: subscriptionStatus,
  startDate: isoDate,
  endDate: isoDate.nullable(),
  paymentReferenceId: z.string().nullable(),
  features: z.array(z.string()),
});
export type Subscription = z.infer<typeof subscription>;

/**
 * Plan limits. SPEC §5 requires a numeric maxProjects, so "unlimited" is the large finite
 * UNLIMITED_PROJECTS with `unlimitedProjects: true` for display; null words means no limit.
 */
export const limits = z.object({
  maxProjects: z.number().int().nonnegative(),
  unlimitedProjects: z.boolean(),
  maxWordsPerProject: z.number().int().positive().nullable(),
  maxStorageBytes: z.number().int().positive(),
});
export type Limits = z.infer<typeof limits>;

export const featureCheck = z.object({ allowed: z.boolean(), message: z.string() });
export type FeatureCheck = z.infer<typeof featureCheck>;
