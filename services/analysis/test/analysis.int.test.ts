// The analysis pipeline through the gateway with real signed-up users, real PostgreSQL, the memory
// bus and disk storage: analyze → per-chunk progress → result applied; idempotent analyze; stale
// results dropped; cancel; failure; re-analysis keeps the user's work; other users get 404.
import type { Character, EventEnvelope, Quote } from '@castbook/contracts';
import { createLogger, Database, freePort, newEvent } from '@castbook/platform';
import { analyze } from '@castbook/text-analysis';
import { stripMarkup } from '@castbook/text-analysis/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  newBook,
  settledProject,
  signedUpClient,
  startWorkspaceStack,
  waitFor,
  type WorkspaceStack,
} from '@castbook/test-kit';
import { progressTenth } from '../src/domain/job-runner.js';
import { firstChapters } from '@castbook/test-kit/pdnc';
import { found, NOVEL_TEXT, speakersOfFirstChapters } from './support/novel.js';

// The dev set's longest novel (support/novel.ts), as the projects service stores it: line ends LF,
// light markup (`_italics_`) removed.
const BOOK = stripMarkup(NOVEL_TEXT);
/** Its first six chapters: about 94,000 characters, ten chunks. */
const CHAPTERS = firstChapters(BOOK, 6);
/** Who speaks most in those chapters (gold.json), most first. */
const SPEAKERS = speakersOfFirstChapters(6);
/** Of an analysis's characters, the one who speaks most in the six chapters, and the one who speaks second most. */
const mainTwo = (characters: Character[]) => [found(characters, SPEAKERS[0]!)!, found(characters, SPEAKERS[1]!)!];

type Json = Record<string, unknown>;
interface Progress {
  statusMessage: string;
  processedChunks: number;
  totalChunks: number;
  isComplete: boolean;
  error?: string | null;
}
interface ProjectView {
  id: string;
  analysisStatus: string;
  characters: Character[];
  quotes: Quote[];
  content?: string;
}

let stack: WorkspaceStack;
/** The analysis service's own port, for its GET /metrics. */
let analysisPort: number;
const seen: EventEnvelope[] = [];
beforeAll(async () => {
  analysisPort = await freePort();
  stack = await startWorkspaceStack({ analysis: true, env: { ANALYSIS_PORT: String(analysisPort) } });
  // An observer group of its own sees every event without taking any from the services.
  await stack.bus.subscribe({
    groupId: 'test-observer',
    topics: ['analysis.events', 'projects.events'],
    handler: async (e) => void seen.push(e),
  });
});
afterAll(async () => stack?.stop());

const eventsOf = (projectId: string, type: string) =>
  seen.filter((e) => e.type === type && (e.payload as { projectId: string }).projectId === projectId);

async function newProject(client: ApiClient, content: string, title = 'The Mendle Isles'): Promise<string> {
  const { id } = await newBook(client, { title, content });
  expect((await client.post(`/api/projects/${id}/detect-structure`, { content })).status).toBe(200);
  return id;
}

const project = async (client: ApiClient, id: string) =>
  (await client.get<ProjectView>(`/api/projects/${id}`)).body.data!;
const progress = async (client: ApiClient, id: string) =>
  (await client.get<Progress>(`/api/projects/${id}/analysis-progress`)).body.data!;

describe('analysis pipeline', () => {
  it('analyses a book chunk by chunk and applies exactly what the engine finds on the whole text', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    expect(await progress(client, id)).toMatchObject({ processedChunks: 0, totalChunks: 0, isComplete: false });

    const started = await client.post<ProjectView>(`/api/projects/${id}/analyze`);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, data: { id, analysisStatus: 'in_progress' } });

    // Progress as the API answers it while the job runs: it never goes backwards.
    const answers: Progress[] = [];
    const done = await waitFor(async () => {
      const p = await progress(client, id);
      answers.push(p);
      return p.isComplete && p;
    }, 'the analysis to complete');
    expect(done).toMatchObject({ isComplete: true, error: null, statusMessage: 'Analysis complete' });
    expect(done.totalChunks).toBeGreaterThanOrEqual(9);
    expect(done.processedChunks).toBe(done.totalChunks);
    const processed = answers.map((a) => a.processedChunks);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));

    // Progress is recorded after every chunk; analysis.progressed.v1 (from the same transactions)
    // goes out at each tenth of the way: one event per tenth reached, in order, up to the step before
    // the last (the last one is the job's completion).
    const steps = eventsOf(id, 'analysis.progressed.v1').map((e) => e.payload as Progress);
    const tenths = steps.map((p) => progressTenth(p));
    expect(tenths).toEqual([...new Set(tenths)].sort((a, b) => a - b));
    expect(steps.length).toBeLessThanOrEqual(11);
    expect(steps.length).toBeGreaterThanOrEqual(Math.min(done.totalChunks - 1, 9));
    expect(tenths.at(-1)).toBe(progressTenth({ processedChunks: done.totalChunks - 1, totalChunks: done.totalChunks }));

    const applied = await settledProject<ProjectView>(client, id);
    expect(applied.analysisStatus).toBe('completed');
    const expected = analyze(CHAPTERS);
    expect(applied.characters).toEqual(expected.characters);
    expect(applied.quotes).toEqual(expected.quotes);
    expect(applied.quotes.length).toBeGreaterThan(200);
    // The three who speak most in these chapters (gold.json) are each one of the characters found.
    const main = SPEAKERS.slice(0, 3).map((who) => {
      const character = found(applied.characters, who);
      expect(character, `${who.name} (${who.lines} lines)`).toBeDefined();
      return character;
    });
    expect(new Set(main).size).toBe(3);
    const completed = eventsOf(id, 'analysis.completed.v1');
    expect(completed).toHaveLength(1);
    expect((completed[0]!.payload as { stats: Json }).stats).toMatchObject({
      characters: expected.characters.length,
      quotes: expected.quotes.length,
    });
  });

  it('starts one job per content version however often analyze is asked', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    const answers = await Promise.all([1, 2, 3].map(() => client.post<ProjectView>(`/api/projects/${id}/analyze`)));
    for (const a of answers) expect(a.body.data).toMatchObject({ id, analysisStatus: 'in_progress' });
    expect((await client.post<ProjectView>(`/api/projects/${id}/analyze`)).body.data!.analysisStatus).toBe(
      'in_progress',
    );
    expect((await settledProject<ProjectView>(client, id)).analysisStatus).toBe('completed');
    await waitFor(() => eventsOf(id, 'analysis.requested.v1').length > 0, 'the request event');
    expect(eventsOf(id, 'analysis.requested.v1')).toHaveLength(1);
    expect(eventsOf(id, 'analysis.completed.v1')).toHaveLength(1);
  });

  it('drops a result for a text that changed while it was analysed', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const id = await newProject(client, BOOK);
    await client.post(`/api/projects/${id}/analyze`);
    const [requested] = await waitFor(() => {
      const r = eventsOf(id, 'analysis.requested.v1');
      return r.length > 0 && r;
    }, 'the request event');
    const job = requested!.payload as { jobId: string; contentVersion: number };
    await waitFor(async () => (await progress(client, id)).processedChunks > 0, 'the job to be under way');

    const changed = await client.form<Json>('PATCH', `/api/projects/${id}`, { content: CHAPTERS });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ analysisStatus: 'pending', quotes: [] });
    // The old job stops (cancelled at its next chunk); whatever it ends with changes nothing.
    await waitFor(async () => (await progress(client, id)).isComplete, 'the old job to end');

    // And a result of the old text arriving late (a slow instance) is dropped too.
    const key = `projects/${id}/jobs/${job.jobId}.json`;
    const old = analyze(BOOK);
    await stack.blobs.put('analysis', key, JSON.stringify({ ...old, contentVersion: job.contentVersion }));
    const late = newEvent('analysis.completed.v1', id, user.id, {
      projectId: id,
      jobId: job.jobId,
      contentVersion: job.contentVersion,
      resultKey: key,
      stats: {},
    });
    const mark = seen.length;
    await stack.bus.publish([{ topic: 'analysis.events', event: late }]);
    await waitFor(() => seen.some((e) => e.id === late.id), 'the late result to be delivered');
    const p = await project(client, id);
    expect(p).toMatchObject({ analysisStatus: 'pending', characters: [], quotes: [] });
    expect(p.content).toBe(CHAPTERS);

    // Analysing the new text works and gives the new text's result.
    await client.post(`/api/projects/${id}/analyze`);
    const fresh = await settledProject<ProjectView>(client, id);
    expect(fresh.analysisStatus).toBe('completed');
    expect(fresh.quotes).toEqual(analyze(CHAPTERS).quotes);
    // The new job's result came after the late one on the project's partition of analysis.events, so
    // projects had handled the late one first; what it published (projects.events, in order) shows
    // that only the new result was applied: one 'completed', none from the late result.
    const completedSince = () =>
      seen
        .slice(mark)
        .filter(
          (e) =>
            e.type === 'project.updated.v1' &&
            (e.payload as { projectId: string; analysisStatus?: string }).projectId === id &&
            (e.payload as { analysisStatus?: string }).analysisStatus === 'completed',
        );
    await waitFor(() => completedSince().length > 0, "projects' event for the new result");
    expect(completedSince()).toHaveLength(1);
  });

  it('cancels a running analysis: the project goes back to where it was and no result is applied', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: 'pro' });
    const id = await newProject(client, BOOK);
    await client.post(`/api/projects/${id}/analyze`);
    const cancelled = await client.post<ProjectView>(`/api/projects/${id}/cancel-analysis`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id, analysisStatus: 'pending', characters: [], quotes: [] });
    const end = await waitFor(async () => {
      const p = await progress(client, id);
      return p.isComplete && p;
    }, 'the job to stop');
    expect(end).toMatchObject({ statusMessage: 'Analysis cancelled', error: null });
    await waitFor(() => eventsOf(id, 'analysis.cancelled.v1').length === 1, 'analysis.cancelled.v1');
    expect(eventsOf(id, 'analysis.completed.v1')).toHaveLength(0);
    expect(end.processedChunks).toBeLessThan(end.totalChunks || 1);
    expect((await project(client, id)).analysisStatus).toBe('pending');
    // Cancelling when nothing runs answers the project as it is.
    expect((await client.post<ProjectView>(`/api/projects/${id}/cancel-analysis`)).body.data!.analysisStatus).toBe(
      'pending',
    );
  });

  it('fails with a message the user can read when the text cannot be analysed', async () => {
    const { client, user } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    await stack.blobs.delete('documents', `projects/${user.id}/${id}/content/v1.txt`);
    await client.post(`/api/projects/${id}/analyze`);
    const end = await waitFor(async () => {
      const p = await progress(client, id);
      return p.isComplete && p;
    }, 'the job to fail');
    expect(end.error).toBe("The book's text could not be read. Save the project and analyze it again.");
    // (The project itself cannot be opened without its text; the list shows its status.)
    await waitFor(async () => {
      const list = (await client.get<ProjectView[]>('/api/projects')).body.data!;
      return list.find((p) => p.id === id)?.analysisStatus === 'failed';
    }, 'the project to be failed');
  });

  it('re-analysis keeps user-created and user-edited characters and quotes whose speaker the user set', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    await client.post(`/api/projects/${id}/analyze`);
    const first = await settledProject<ProjectView>(client, id);
    expect(first.analysisStatus).toBe('completed');

    const [lead, second] = mainTwo(first.characters) as [Character, Character];
    const edited = { ...second, summary: 'The harbour boy', color: '#123456' };
    const voice: Character = {
      ...lead,
      id: 'user-1',
      name: 'Harbour Board',
      summary: 'The gentlemen of the harbour office',
      color: '#abcdef',
      isUserCreated: true,
      alternativeNames: [],
      mentions: 0,
    };
    const characters = first.characters.map((c) => (c.id === second.id ? edited : c)).concat(voice);
    const saved = await client.call<Character[]>('PATCH', `/api/projects/${id}/characters`, { characters });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.find((c) => c.id === second.id)!.isUserEdited).toBe(true);
    expect(saved.body.data!.find((c) => c.id === lead.id)!.isUserEdited).toBeUndefined();

    // The user gives a quote the engine attributed to someone else to their own character.
    const target = first.quotes.find((q) => q.speakerId && q.speakerId !== voice.id && q.text.length > 30)!;
    const quotes = first.quotes.map((q) =>
      q.id === target.id ? { ...q, speakerId: voice.id, attributionMethod: 'user' as const, confidence: 1 } : q,
    );
    expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status).toBe(200);

    await client.post(`/api/projects/${id}/analyze`);
    const again = await waitFor(async () => {
      const p = await project(client, id);
      return p.analysisStatus === 'completed' && eventsOf(id, 'analysis.completed.v1').length === 2 && p;
    }, 'the re-analysis');
    expect(again.characters.find((c) => c.id === voice.id)).toMatchObject({
      name: 'Harbour Board',
      isUserCreated: true,
    });
    expect(again.characters.find((c) => c.id === second.id)).toMatchObject({
      name: second.name,
      summary: 'The harbour boy',
      color: '#123456',
      isUserEdited: true,
    });
    // Untouched characters keep their ids and colours.
    expect(again.characters.find((c) => c.id === lead.id)).toMatchObject({ name: lead.name, color: lead.color });
    const kept = again.quotes.filter((q) => q.text === target.text && q.startOffset === target.startOffset);
    expect(kept).toEqual([expect.objectContaining({ speakerId: voice.id, attributionMethod: 'user' })]);
    const ids = new Set(again.characters.map((c) => c.id));
    for (const q of again.quotes) if (q.speakerId) expect(ids.has(q.speakerId)).toBe(true);
  });

  it('a renamed character stays renamed, an edited outline stays, and user-set speakers move with a text change', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    await client.post(`/api/projects/${id}/analyze`);
    const first = await settledProject<ProjectView>(client, id);
    const [lead] = mainTwo(first.characters) as [Character];
    const renamed = first.characters.map((c) => (c.id === lead.id ? { ...c, name: 'Mr. Pellow the Warden' } : c));
    expect((await client.call('PATCH', `/api/projects/${id}/characters`, { characters: renamed })).status).toBe(200);
    const target = first.quotes.find((q) => q.speakerId && q.speakerId !== lead.id && q.text.length > 30)!;
    const quotes = first.quotes.map((q) =>
      q.id === target.id ? { ...q, speakerId: lead.id, attributionMethod: 'user' as const, confidence: 1 } : q,
    );
    expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status).toBe(200);
    const { outline } = (await client.get<{ outline: { title: string }[] }>(`/api/projects/${id}`)).body.data!;
    const retitled = outline.map((o, i) => (i === 0 ? { ...o, title: 'The Harbour (my title)' } : o));
    expect((await client.call('PATCH', `/api/projects/${id}/outline`, { outline: retitled })).status).toBe(200);

    const reanalysed = async (n: number) => {
      await client.post(`/api/projects/${id}/analyze`);
      return waitFor(async () => {
        const p = await project(client, id);
        return p.analysisStatus === 'completed' && eventsOf(id, 'analysis.completed.v1').length === n && p;
      }, 're-analysis');
    };
    const again = await reanalysed(2);
    expect(again.characters.find((c) => c.id === lead.id)).toMatchObject({
      name: 'Mr. Pellow the Warden',
      color: lead.color,
    });
    // The engine's name does not come back as a second character.
    expect(again.characters.filter((c) => c.name === lead.name)).toEqual([]);
    expect(again.quotes.filter((q) => q.speakerId === lead.id).length).toBeGreaterThan(1);
    const view = (await client.get<{ outline: { title: string }[] }>(`/api/projects/${id}`)).body.data!;
    expect(view.outline[0]!.title).toBe('The Harbour (my title)');

    // A new first paragraph moves every offset: the user's speaker moves with its text.
    const preface = 'A word from the editor, added later.\n\n';
    expect((await client.form<Json>('PATCH', `/api/projects/${id}`, { content: preface + CHAPTERS })).status).toBe(200);
    const edited = await project(client, id);
    expect(edited.quotes).toEqual([
      expect.objectContaining({
        text: target.text,
        startOffset: target.startOffset + preface.length,
        speakerId: lead.id,
      }),
    ]);
    const third = await reanalysed(3);
    const moved = third.quotes.filter(
      (q) => q.text === target.text && q.startOffset === target.startOffset + preface.length,
    );
    expect(moved).toEqual([expect.objectContaining({ speakerId: lead.id, attributionMethod: 'user' })]);
    expect(third.characters.find((c) => c.id === lead.id)?.name).toBe('Mr. Pellow the Warden');
  });

  it('answers from its own tables: a job announced but not arrived waits, one done but not applied is saving', async () => {
    const { client } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    await client.post(`/api/projects/${id}/analyze`);
    expect((await settledProject<ProjectView>(client, id)).analysisStatus).toBe('completed');
    // This service hears that projects applied the result by an event: on a loaded machine the
    // project can read completed a moment before that event is handled here.
    await waitFor(async () => (await progress(client, id)).isComplete, 'the applied result to reach analysis');
    expect(await progress(client, id)).toMatchObject({ isComplete: true, statusMessage: 'Analysis complete' });
    // What project events told this service, without the events that would follow (a lagging bus).
    const db = new Database({ url: stack.databases.analysis!, logger: createLogger('test', 'warn') });
    try {
      // project.updated.v1 announced a new job; its analysis.requested.v1 has not been handled yet.
      await db.query(
        "UPDATE project_owners SET analysis_status = 'in_progress', current_job_id = gen_random_uuid()::text " +
          'WHERE project_id = $1',
        [id],
      );
      // The app would reload the project and toast "Analysis Complete" at a complete answer.
      expect(await progress(client, id)).toMatchObject({ isComplete: false, statusMessage: 'Waiting to start' });
      // The latest job ended here, and projects has not applied its result yet.
      const { rows } = await db.query<{ job_id: string }>(
        'SELECT job_id FROM analysis_jobs WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1',
        [id],
      );
      await db.query('UPDATE project_owners SET current_job_id = $2 WHERE project_id = $1', [id, rows[0]!.job_id]);
      expect(await progress(client, id)).toMatchObject({ isComplete: false, statusMessage: 'Saving the results' });
    } finally {
      await db.close();
    }
  });

  it("answers 404 on another user's project for analyze, cancel-analysis and analysis-progress", async () => {
    const { client: owner } = await signedUpClient(stack.gatewayUrl);
    const { client: other } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(owner, CHAPTERS);
    // Before and after its first job.
    expect((await other.get(`/api/projects/${id}/analysis-progress`)).status).toBe(404);
    await owner.post(`/api/projects/${id}/analyze`);
    for (const res of [
      await other.post(`/api/projects/${id}/analyze`),
      await other.post(`/api/projects/${id}/cancel-analysis`),
      await other.get(`/api/projects/${id}/analysis-progress`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'Project not found' });
    }
    expect((await other.get(`/api/projects/00000000-0000-4000-8000-000000000000/analysis-progress`)).status).toBe(404);
    expect((await settledProject<ProjectView>(owner, id)).analysisStatus).toBe('completed');
    expect((await other.get(`/api/projects/${id}/analysis-progress`)).status).toBe(404);
  });

  it('counts job runs and failures in its metrics', async () => {
    /** The value of a series, given its name and some of its labels (in any order). */
    const metric = async (name: string, labels: string[]) => {
      const text = await fetch(`http://127.0.0.1:${analysisPort}/metrics`).then((r) => r.text());
      const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const failures = () => metric('castbook_analysis_job_failures_total', ['reason="content_missing"']);
    const failedRuns = () => metric('castbook_analysis_job_duration_seconds_count', ['outcome="failed"']);
    const before = { failures: await failures(), failedRuns: await failedRuns() };
    const { client, user } = await signedUpClient(stack.gatewayUrl);
    const id = await newProject(client, CHAPTERS);
    await stack.blobs.delete('documents', `projects/${user.id}/${id}/content/v1.txt`);
    await client.post(`/api/projects/${id}/analyze`);
    await waitFor(async () => (await failures()) === before.failures + 1, 'the failure to be counted');
    expect(await failedRuns()).toBe(before.failedRuns + 1);
  });
});
