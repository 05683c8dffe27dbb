// Issue 19: merging a character into another and deleting one, through the gateway of the workspace
// stack with the analysis service (real PostgreSQL, the memory bus, disk storage): what moves, what
// goes (the recordings' objects and rows), and that both survive a re-analysis of the book.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Character, Quote } from '@castbook/contracts';
import { createLogger, Database, freePort } from '@castbook/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysedProject,
  type ApiClient,
  asTakeFiles,
  newBook,
  signedUpClient,
  startWorkspaceStack,
  type WorkspaceStack,
} from '@castbook/test-kit';
import { wav } from './audio-fixtures.js';
import { signedUpPro } from './plans.js';

type Json = Record<string, unknown>;
interface ProjectView {
  id: string;
  analysisStatus: string;
  characters: Character[];
  quotes: Quote[];
}
interface Cast {
  characters: Character[];
  quotes: Quote[];
}

const BOOK = [
  'CHAPTER I. The Ferry',
  '"The tide is turning," said Orla Fenwick.',
  '"Then we wait," said Mr. Quillby. "The ferry will not cross before noon."',
  '"I never wait for anything," said Dessa Vaunt, and she laughed.',
  '"You will today," said Orla Fenwick.',
  'Bram Tolliver came down to the landing with a lantern. "Is the boat here?" asked Bram Tolliver.',
  '"Not yet," said Mr. Quillby.',
  '"Then I shall sit," said Bram Tolliver. "My legs are old."',
  '"Sit by me," said Dessa Vaunt.',
  '"The water is rising," said Orla Fenwick. "Look at the posts."',
  '"So it is," said Mr. Quillby.',
].join('\n\n');

let stack: WorkspaceStack;
let db: Database;
beforeAll(async () => {
  stack = await startWorkspaceStack({ analysis: true, env: { ANALYSIS_PORT: String(await freePort()) } });
  db = new Database({ url: stack.databases.projects, logger: createLogger('test', 'warn'), max: 2 });
});
afterAll(async () => {
  await db?.close();
  await stack?.stop();
});

const form = (client: ApiClient, path: string, fields: Record<string, string | Buffer>) =>
  client.form<Json>('POST', path, asTakeFiles(fields));

const project = async (client: ApiClient, id: string) =>
  (await client.get<ProjectView>(`/api/projects/${id}`)).body.data!;

/** A Pro (trial) user with the book analysed once. */
async function analysedBook() {
  const { client, userId } = await signedUpPro(stack.gatewayUrl, db);
  const { id } = await newBook(client, { title: 'Ferry', content: BOOK });
  const first = await analysedProject<ProjectView>(client, id);
  expect(first.analysisStatus).toBe('completed');
  const named = (re: RegExp) => first.characters.find((c) => re.test(c.name))!;
  return { client, userId, id, first, orla: named(/Orla/), quillby: named(/Quillby/), dessa: named(/Dessa/) };
}

const takeOf = async (client: ApiClient, id: string, characterId: string) => {
  const r = await form(client, `/api/projects/${id}/characters/${characterId}/voice-takes`, {
    file: wav(1),
    source: 'uploaded',
  });
  expect(r.status).toBe(201);
  return (r.body.data as unknown as Character).voiceTakes!.at(-1)!;
};
/** Objects under the user's folder of the audio bucket, and their audio_samples rows. */
const objects = async (userId: string) =>
  (await readdir(join(stack.blobDir, 'audio', userId), { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
const rows = async (userId: string) =>
  (
    await db.query<{ name: string }>('SELECT name FROM audio_samples WHERE user_id = $1 ORDER BY name', [userId])
  ).rows.map((r) => r.name);
const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const linesOf = (p: Cast, speakerId: string) => p.quotes.filter((q) => q.speakerId === speakerId).map((q) => q.id);

/**
 * Analyses the book again and checks the deleted character did not come back (no character named
 * like it, `namedLike`) while every other character is as the first analysis found it.
 */
async function reanalysedWithout(client: ApiClient, id: string, first: Cast, gone: Character, namedLike: RegExp) {
  const again = await analysedProject<ProjectView>(client, id);
  expect(again.analysisStatus).toBe('completed');
  expect(again.characters.map((c) => c.name).filter((n) => namedLike.test(n))).toEqual([]);
  expect(again.characters.map((c) => c.id).sort()).toEqual(
    first.characters
      .map((c) => c.id)
      .filter((c) => c !== gone.id)
      .sort(),
  );
  return again;
}

describe('merging a character into another', () => {
  it('moves its names, lines, takes and notes; it is gone, and stays gone after re-analysis', async () => {
    const { client, userId, id, first, orla, quillby } = await analysedBook();
    const intoTake = await takeOf(client, id, orla.id);
    const fromTake = await takeOf(client, id, quillby.id);
    const voice = (characterId: string, voiceNotes: Json) =>
      client.call('PUT', `/api/projects/${id}/characters/${characterId}/voice`, { voiceNotes });
    expect((await voice(orla.id, { pitch: 'low' })).status).toBe(200);
    expect((await voice(quillby.id, { pitch: 'high', accent: 'Cornish' })).status).toBe(200);
    const quillbyLines = linesOf(first, quillby.id);
    const orlaLines = linesOf(first, orla.id);
    expect(quillbyLines.length).toBeGreaterThanOrEqual(3);

    const merged = await client.post<Cast>(`/api/projects/${id}/characters/${quillby.id}/merge`, { intoId: orla.id });
    expect(merged.status).toBe(200);
    const cast = merged.body.data!;
    expect(cast.characters.map((c) => c.id)).not.toContain(quillby.id);
    const target = cast.characters.find((c) => c.id === orla.id)!;
    expect(target).toMatchObject({
      name: orla.name,
      isUserEdited: true,
      voiceNotes: { pitch: 'low', accent: 'Cornish' },
      audioSample: intoTake.url,
    });
    expect(target.alternativeNames).toContain(quillby.name);
    expect(target.voiceTakes!.map((t) => t.id)).toEqual([intoTake.id, fromTake.id]);
    expect(target.voiceTakes!.every((t) => t.playUrl?.includes('signature='))).toBe(true);
    expect(linesOf(cast, orla.id).sort()).toEqual([...orlaLines, ...quillbyLines].sort());
    // Lines keep how the engine found them.
    for (const q of cast.quotes.filter((x) => quillbyLines.includes(x.id))) {
      const before = first.quotes.find((x) => x.id === q.id)!;
      expect(q).toMatchObject({ attributionMethod: before.attributionMethod, confidence: before.confidence });
    }
    // Both recordings are still there (they moved, none was released).
    expect(await objects(userId)).toEqual([nameOf(intoTake.url), nameOf(fromTake.url)].sort());
    expect(await rows(userId)).toEqual(await objects(userId));
    expect(await project(client, id)).toMatchObject({ characters: cast.characters.map((c) => ({ id: c.id })) });

    const again = await analysedProject<ProjectView>(client, id);
    expect(again.analysisStatus).toBe('completed');
    expect(again.characters.map((c) => c.name).filter((n) => /Quillby/.test(n))).toEqual([]);
    expect(again.characters.find((c) => c.id === orla.id)).toMatchObject({
      name: orla.name,
      voiceTakes: target.voiceTakes!.map(({ playUrl: _, ...t }) => expect.objectContaining(t)),
    });
    expect(linesOf(again, orla.id).length).toBe(orlaLines.length + quillbyLines.length);
  }, 120_000);

  it('refuses bad requests and changes nothing', async () => {
    const { client, id, orla, quillby } = await analysedBook();
    const other = (await signedUpClient(stack.gatewayUrl)).client;
    const before = await project(client, id);
    const merge = (from: string, body: Json, c = client, projectId = id) =>
      c.post(`/api/projects/${projectId}/characters/${from}/merge`, body);

    expect(await merge(orla.id, { intoId: orla.id })).toMatchObject({
      status: 400,
      body: { success: false, error: 'A character cannot be merged into itself' },
    });
    expect(await merge(orla.id, { intoId: '' })).toMatchObject({
      status: 400,
      body: { success: false, error: 'intoId is required: the id of the character to merge into' },
    });
    expect((await merge(orla.id, {})).status).toBe(400);
    expect(await merge(orla.id, { intoId: 'nobody' })).toMatchObject({
      status: 404,
      body: { success: false, error: 'Character not found: nobody' },
    });
    expect((await merge('nobody', { intoId: orla.id })).status).toBe(404);
    expect((await merge(quillby.id, { intoId: orla.id }, other)).status).toBe(404);
    expect((await merge(quillby.id, { intoId: orla.id }, client, '00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await client.call('DELETE', `/api/projects/${id}/characters/nobody`)).status).toBe(404);
    expect((await other.call('DELETE', `/api/projects/${id}/characters/${orla.id}`)).status).toBe(404);

    // Six takes together: refused, so that no recording is dropped.
    for (let i = 0; i < 3; i++) await takeOf(client, id, orla.id);
    for (let i = 0; i < 3; i++) await takeOf(client, id, quillby.id);
    const withTakes = await project(client, id);
    expect(await merge(quillby.id, { intoId: orla.id })).toMatchObject({
      status: 409,
      body: {
        success: false,
        error: 'Together these characters have 6 takes; a character keeps at most 5. Delete some takes first',
      },
    });
    const after = await project(client, id);
    expect(after.characters).toEqual(withTakes.characters);
    expect(after.quotes).toEqual(before.quotes);
  }, 120_000);
});

describe('deleting a character', () => {
  it('unattributes its lines, deletes its recordings, and it does not come back on re-analysis', async () => {
    const { client, userId, id, first, dessa, orla } = await analysedBook();
    const kept = await takeOf(client, id, orla.id);
    await takeOf(client, id, dessa.id);
    await takeOf(client, id, dessa.id);
    expect(await objects(userId)).toHaveLength(3);
    const dessaLines = linesOf(first, dessa.id);
    expect(dessaLines.length).toBeGreaterThanOrEqual(2);

    const deleted = await client.call<Cast>('DELETE', `/api/projects/${id}/characters/${dessa.id}`);
    expect(deleted.status).toBe(200);
    const cast = deleted.body.data!;
    expect(cast.characters.map((c) => c.id)).not.toContain(dessa.id);
    for (const q of cast.quotes.filter((x) => dessaLines.includes(x.id))) {
      expect(q).toMatchObject({ speakerId: null, attributionMethod: 'none', confidence: 0 });
    }
    expect(cast.quotes.flatMap((q) => q.candidates ?? []).map((c) => c.speakerId)).not.toContain(dessa.id);
    // Its recordings are gone (objects and rows); the other character's stays.
    expect(await objects(userId)).toEqual([nameOf(kept.url)]);
    expect(await rows(userId)).toEqual([nameOf(kept.url)]);
    expect((await client.call('DELETE', `/api/projects/${id}/characters/${dessa.id}`)).status).toBe(404);

    const again = await reanalysedWithout(client, id, first, dessa, /Dessa/);
    const atDessasLines = again.quotes.filter((q) =>
      first.quotes.some((f) => dessaLines.includes(f.id) && f.startOffset === q.startOffset),
    );
    expect(atDessasLines).toHaveLength(dessaLines.length);
    for (const q of atDessasLines) expect(q).toMatchObject({ speakerId: null, attributionMethod: 'none' });
  }, 120_000);
  it('does not come back either when a client sends the whole list without it (PATCH …/characters)', async () => {
    const { client, id, first, dessa } = await analysedBook();
    const patched = await client.call<Character[]>('PATCH', `/api/projects/${id}/characters`, {
      characters: first.characters.filter((c) => c.id !== dessa.id),
    });
    expect(patched.status).toBe(200);
    await reanalysedWithout(client, id, first, dessa, /Dessa/);
  }, 120_000);
});

describe('marking a quote "not dialog"', () => {
  it('keeps it out of a re-analysis; putting it back (undo) withdraws that', async () => {
    const { client, id, first } = await analysedBook();
    const gone = first.quotes.find((q) => q.text.startsWith('Not yet'))!;
    const patch = (quotes: Quote[]) => client.call<Quote[]>('PATCH', `/api/projects/${id}/quotes`, { quotes });
    const dismissedRows = async () =>
      (await db.query<{ text: string }>('SELECT text FROM dismissed_quotes WHERE project_id = $1', [id])).rows.map(
        (r) => r.text,
      );

    expect((await patch(first.quotes.filter((q) => q.id !== gone.id))).status).toBe(200);
    expect(await dismissedRows()).toEqual([gone.text]);
    const again = await analysedProject<ProjectView>(client, id);
    expect(again.analysisStatus).toBe('completed');
    expect(again.quotes).toHaveLength(first.quotes.length - 1);
    expect(again.quotes.filter((q) => q.startOffset < gone.endOffset && gone.startOffset < q.endOffset)).toEqual([]);

    // Undo puts the quote back: the book's dialog again, also after the next analysis.
    expect((await patch([...again.quotes, gone].sort((a, b) => a.startOffset - b.startOffset))).status).toBe(200);
    expect(await dismissedRows()).toEqual([]);
    const third = await analysedProject<ProjectView>(client, id);
    expect(third.quotes.map((q) => q.text)).toEqual(first.quotes.map((q) => q.text));
  }, 120_000);
});
