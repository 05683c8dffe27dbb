// Every Projects call of SPEC §7 as the projects and analysis services answer them, with the SWR
// keys and hooks the screens share. Failures are ApiCallErrors carrying SPEC §8's helper message,
// the server's status and its own words (`serverMessage`).
import useSWR, { mutate as globalMutate, type SWRConfiguration } from 'swr';
import {
  PROJECT_LIST_LIMIT,
  type AnalysisProgress,
  type Character,
  type CharacterAnalysisDetail,
  type OutlineItem,
  type Page,
  type ProjectListItem,
  type ProjectSummary,
  type Quote,
  type TokenUsage,
} from '@castbook/contracts';
import { api } from './client';
import { AUTHORS_KEY } from './authors-api';
import { withAction } from './call-error';
import { PROJECTS_KEY, projectKey } from './project-keys';
import { conditional, type EtagSink } from './project-revision';

interface Envelope<T> {
  success: true;
  data: T;
}

/**
 * A project with its text (GET /api/projects/{id}), and the ETag of the revision it was loaded at:
 * kept with the lists it describes (the SWR cache), for the edits' If-Match (project-revision.ts).
 */
export type ProjectDetail = ProjectSummary & { content: string; etag?: string };

/** Progress is polled every 3 s while analysis runs (SPEC §4, §9). */
export const ANALYSIS_POLL_MS = 3_000;

export { PROJECTS_KEY, projectKey };
export const analysisProgressKey = (id: string) => `${projectKey(id)}/analysis-progress`;
/** The thumbnail of a project (its `thumbnail` field carries the same path with a version). */
export const projectThumbnailPath = (id: string) => `${projectKey(id)}/thumbnail`;

export const PROJECT_MESSAGES = {
  fetchAll: 'Failed to fetch projects',
  fetchOne: 'Failed to fetch project',
  create: 'Failed to create project',
  update: (id: string) => `Failed to update project with ID ${id}`,
  delete: (id: string) => `Failed to delete project with ID ${id}`,
  analyze: 'Failed to analyze project',
  cancel: 'Failed to cancel analysis',
  progress: 'Failed to get analysis progress',
  detect: 'Failed to detect structure',
  outline: 'Failed to update outline',
  characters: 'Failed to update characters',
  quotes: 'Failed to update quotes',
  audio: 'Failed to upload audio file',
  parse: 'Failed to parse document file',
  characterAnalysis: 'Failed to load character analysis',
} as const;

/** SPEC §5: leading slashes are stripped; nothing left is an error in SPEC's words. */
export function cleanProjectId(id: string): string {
  const clean = id.replace(/^\/+/, '');
  if (!clean) throw new Error('Invalid project ID: empty after removing slashes');
  return clean;
}

const data = async <T>(action: string, path: string, options?: Parameters<typeof api.request>[1]) =>
  withAction(action, async () => (await api.request<Envelope<T>>(path, options)).data);

// ---- projects -------------------------------------------------------------------------------

/** Pages the list screens ask for: the largest the server gives, so most users need one call. */
export const PROJECTS_PAGE_SIZE = PROJECT_LIST_LIMIT.max;

/**
 * All the caller's projects, newest first: GET /api/projects one page at a time, following
 * `nextCursor` until the last page, so every screen sees every project.
 */
export const fetchProjects = () =>
  withAction(PROJECT_MESSAGES.fetchAll, async () => {
    const all: ProjectListItem[] = [];
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: String(PROJECTS_PAGE_SIZE) });
      if (cursor) query.set('cursor', cursor);
      const page: Page<ProjectListItem> = await api.request<Page<ProjectListItem>>(`${PROJECTS_KEY}?${query}`);
      all.push(...page.data);
      // A cursor coming back would loop for ever: stop at what we have.
      cursor = page.nextCursor && !seen.has(page.nextCursor) ? page.nextCursor : null;
      if (cursor) seen.add(cursor);
    } while (cursor);
    return all;
  });

export async function fetchProject(id: string): Promise<ProjectDetail> {
  const sink: EtagSink = { etag: null };
  const project = await data<ProjectDetail>(PROJECT_MESSAGES.fetchOne, projectKey(id), conditional(undefined, sink));
  return sink.etag ? { ...project, etag: sink.etag } : project;
}

export interface CreateProjectInput {
  title: string;
  content: string;
  authorId: string;
  thumbnail?: Blob | null;
}

/** POST /api/projects (multipart). 403 at the plan's project limit, 413 over its words per project. */
export function createProject(input: CreateProjectInput): Promise<ProjectSummary> {
  const form = new FormData();
  form.set('title', input.title);
  form.set('content', input.content);
  form.set('authorId', input.authorId);
  if (input.thumbnail) form.set('thumbnail', input.thumbnail);
  return data<ProjectSummary>(PROJECT_MESSAGES.create, PROJECTS_KEY, { method: 'POST', form });
}

export interface UpdateProjectInput {
  title?: string;
  content?: string;
  authorId?: string;
  thumbnail?: Blob | null;
  /** A new random default cover instead of the uploaded one (SPEC §5; a thumbnail file wins). */
  resetThumbnail?: boolean;
  /** With content: the SHA-256 of the text it replaces, as compared (409 if the saved one is another). */
  replacesSha256?: string;
}

/**
 * PATCH /api/projects/{id} (multipart, every field optional). Changing the content makes a new
 * version: the server clears outline and quotes and sets the status back to pending.
 */
export function updateProject(id: string, input: UpdateProjectInput): Promise<ProjectSummary> {
  const form = new FormData();
  if (input.title !== undefined) form.set('title', input.title);
  if (input.content !== undefined) form.set('content', input.content);
  if (input.authorId !== undefined) form.set('authorId', input.authorId);
  if (input.thumbnail) form.set('thumbnail', input.thumbnail);
  else if (input.resetThumbnail) form.set('resetThumbnail', 'true');
  if (input.content !== undefined && input.replacesSha256) form.set('replacesSha256', input.replacesSha256);
  return data<ProjectSummary>(PROJECT_MESSAGES.update(id), projectKey(id), { method: 'PATCH', form });
}

export const deleteProject = (id: string) =>
  data<{ id: string }>(PROJECT_MESSAGES.delete(id), projectKey(id), { method: 'DELETE' });

// ---- analysis ---------------------------------------------------------------------------------

/** POST /api/projects/{id}/analyze: the project, now in progress. */
export const analyzeProject = (id: string) =>
  data<ProjectSummary>(PROJECT_MESSAGES.analyze, `${projectKey(id)}/analyze`, { method: 'POST', json: {} });

/** POST /api/projects/{id}/cancel-analysis: the updated project (SPEC §4). */
export const cancelAnalysis = (id: string) =>
  data<ProjectSummary>(PROJECT_MESSAGES.cancel, `${projectKey(id)}/cancel-analysis`, {
    method: 'POST',
    json: {},
  });

export const fetchAnalysisProgress = (id: string) =>
  data<AnalysisProgress>(PROJECT_MESSAGES.progress, analysisProgressKey(id));

/**
 * POST /api/projects/{projectId}/character-analysis {characterIds, refresh?}: one analysis per id, in
 * order (SPEC's fields plus the counts and narrator notes), and the user's AI tokens this month when a
 * language model answers. `refresh` computes them again; `signal` cancels when the card closes.
 */
export const fetchCharacterAnalysis = (
  projectId: string,
  characterIds: string[],
  options: { refresh?: boolean; signal?: AbortSignal } = {},
) =>
  withAction(PROJECT_MESSAGES.characterAnalysis, async () => {
    const body = await api.request<Envelope<CharacterAnalysisDetail[]> & { usage?: TokenUsage }>(
      `${projectKey(projectId)}/character-analysis`,
      { method: 'POST', json: { characterIds, ...(options.refresh ? { refresh: true } : {}) }, signal: options.signal },
    );
    return { analyses: body.data, usage: body.usage };
  });

// ---- structure, outline, characters, quotes ----------------------------------------------------

/**
 * POST /api/projects/{id}/detect-structure {content?, debug?} (SPEC §5: needs text and an id). The
 * server detects on its saved text and answers 409 when `content` is not that text. Right after the
 * text was saved, leave `content` out: the server has it, and a whole book need not travel again.
 */
export async function detectStructure(id: string, content?: string, debug?: boolean): Promise<OutlineItem[]> {
  const clean = cleanProjectId(id);
  if (content !== undefined && !content.trim()) throw new Error('Content is required');
  const body = await data<{ outline: OutlineItem[] }>(
    PROJECT_MESSAGES.detect,
    `${projectKey(clean)}/detect-structure`,
    {
      method: 'POST',
      json: { ...(content === undefined ? {} : { content }), ...(debug === undefined ? {} : { debug }) },
    },
  );
  return body.outline;
}

/** A whole-list edit's answer: the saved list and the ETag of the revision it made. */
export interface Saved<T> {
  data: T;
  etag: string | null;
}

/** A whole-list PATCH, sent with If-Match `held` when the caller knows the revision its lists are of. */
async function saveList<T>(action: string, path: string, json: unknown, held?: string): Promise<Saved<T>> {
  const sink: EtagSink = { etag: null };
  const saved = await data<T>(action, path, { method: 'PATCH', json, ...conditional(held, sink) });
  return { data: saved, etag: sink.etag };
}

/** PATCH /api/projects/{id}/outline {outline}: the whole list; answers the saved outline (409: changed since `held`). */
export const updateOutline = (id: string, outline: OutlineItem[], held?: string) =>
  saveList<OutlineItem[]>(PROJECT_MESSAGES.outline, `${projectKey(id)}/outline`, { outline }, held);

/** PATCH /api/projects/{id}/characters {characters}: the whole list; answers the saved list (409: changed since `held`). */
export const updateCharacters = (id: string, characters: Character[], held?: string) =>
  saveList<Character[]>(PROJECT_MESSAGES.characters, `${projectKey(id)}/characters`, { characters }, held);

/** PATCH /api/projects/{id}/quotes {quotes}: the whole list; answers the saved list (409: changed since `held`). */
export const updateQuotes = (id: string, quotes: Quote[], held?: string) =>
  saveList<Quote[]>(PROJECT_MESSAGES.quotes, `${projectKey(id)}/quotes`, { quotes }, held);

// ---- uploads ----------------------------------------------------------------------------------

/** The content files SPEC §5 accepts: text/plain or .docx (by type, or by name when the type is blank). */
export const DOCUMENT_ACCEPT =
  '.txt,.docx,text/plain,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function isContentFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  if (file.type === 'text/plain' || file.type === DOCX_TYPE) return true;
  return !file.type && (name.endsWith('.txt') || name.endsWith('.docx'));
}

/** POST /api/upload/parse-document (multipart `file`): the text of a .docx or .txt. */
export async function parseDocument(file: Blob, name?: string): Promise<string> {
  const form = new FormData();
  if (name) form.set('file', file, name);
  else form.set('file', file);
  const body = await data<{ text: string }>(PROJECT_MESSAGES.parse, '/api/upload/parse-document', {
    method: 'POST',
    form,
  });
  return body.text;
}

export type AudioFileType = 'wav' | 'webm' | 'ogg' | 'mp3' | 'm4a';

/** POST /api/upload/audio {audioData (base64 data URL), fileType}: the sample's URL (owner only). */
export async function uploadAudio(audioData: string, fileType: AudioFileType = 'wav'): Promise<string> {
  const body = await data<{ url: string }>(PROJECT_MESSAGES.audio, '/api/upload/audio', {
    method: 'POST',
    json: { audioData, fileType },
  });
  return body.url;
}

// ---- SWR ------------------------------------------------------------------------------------

/** All the caller's projects (every page) as summaries. A failed load leaves `data` undefined (SPEC §2: empty list). */
export function useProjects(config?: SWRConfiguration<ProjectListItem[]>) {
  return useSWR<ProjectListItem[]>(PROJECTS_KEY, () => fetchProjects(), config);
}

/** One project with its text; `null` id fetches nothing. */
export function useProject(id: string | null | undefined, config?: SWRConfiguration<ProjectDetail>) {
  return useSWR<ProjectDetail>(id ? projectKey(id) : null, () => fetchProject(id!), config);
}

/** Analysis progress, polled every 3 s while `active` (SPEC §4, §9). */
export function useAnalysisProgress(id: string | null | undefined, active: boolean) {
  return useSWR<AnalysisProgress>(id && active ? analysisProgressKey(id) : null, () => fetchAnalysisProgress(id!), {
    refreshInterval: ANALYSIS_POLL_MS,
    dedupingInterval: 0,
    revalidateOnFocus: false,
  });
}

/** Reloads the project list and (when given) one project everywhere they are shown. */
export async function revalidateProjects(id?: string): Promise<void> {
  await Promise.all([
    globalMutate(PROJECTS_KEY),
    id ? globalMutate(projectKey(id)) : undefined,
    // Authors show project counts, which change with projects.
    globalMutate(AUTHORS_KEY),
  ]);
}

/** Drops a deleted project from the caches without waiting for the server. */
export async function forgetProject(id: string): Promise<void> {
  await globalMutate<ProjectListItem[]>(PROJECTS_KEY, (list) => list?.filter((p) => p.id !== id), {
    revalidate: true,
  });
  await globalMutate(projectKey(id), undefined, { revalidate: false });
  await globalMutate(AUTHORS_KEY);
}
