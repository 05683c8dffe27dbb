// Issue 19: speaker edits over many lines through the gateway of the workspace stack with the
// analysis service (real PostgreSQL, the memory bus, disk storage): a fix spread through its
// conversation (proposal, then apply), a character's lines of a chapter given to another, lines split
// off into a new character, and the breakdown the chart reads. Refusals change nothing; the results
// survive a re-analysis; the user's own speakers are never touched.
import type { Character, Quote } from '@castbook/contracts';
import { createLogger, Database, freePort } from '@castbook/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysedProject,
  type ApiClient,
  newBook,
  signedUpClient,
  startWorkspaceStack,
  type WorkspaceStack,
} from '@castbook/test-kit';

interface ProjectView {
  id: string;
  analysisStatus: string;
  outline: { id: string; title: string; children: unknown[] }[];
  characters: Character[];
  quotes: Quote[];
}
interface Proposal {
  contentVersion: number;
  startOffset: number;
  endOffset: number;
  conversationQuotes: number;
  changes: { quoteId: string; excerpt: string; fromSpeakerId: string | null; toSpeakerId: string | null }[];
}

// Written for this test: a tagged start, then five lines the engine gives by alternation; a second
// chapter with another conversation. The line before the one the tests fix is tagged too: a spread
// may re-decide untagged lines on either side of the fix, and which way the engine breaks a tie
// there (it reads names ahead, up to the next chapter's) is not what these tests are about.
const BOOK = [
  'CHAPTER I. The Kitchen',
  'Mr. Halloran walked into the kitchen, where Mrs. Pell was shelling peas by the window. Mr. Halloran sat down. Mrs. Pell looked up.',
  '"You are late again," said Mrs. Pell.',
  '"The train was stopped at the bridge," said Mr. Halloran.',
  '"Was it the flood?" asked Mrs. Pell.',
  '"It was the flood, and the cattle on the line."',
  '"Then you will want your supper."',
  '"I will want it twice over."',
  '"There is only the one pie."',
  '"Then one pie it shall be."',
  'CHAPTER II. The Shop',
  'In the morning Mr. Dorrit opened the shutters and swept the step. Mr. Halloran came by with the papers.',
  '"Any news?" asked Mr. Dorrit.',
  '"Only the flood," said Mr. Halloran.',
  '"Again?" said Mr. Dorrit.',
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

const project = async (client: ApiClient, id: string) =>
  (await client.get<ProjectView>(`/api/projects/${id}`)).body.data!;

async function analysedBook() {
  const { client } = await signedUpClient(stack.gatewayUrl);
  const { id } = await newBook(client, { title: 'Flood', content: BOOK });
  const first = await analysedProject<ProjectView>(client, id);
  expect(first.analysisStatus).toBe('completed');
  const named = (re: RegExp) => first.characters.find((c) => re.test(c.name))!.id;
  const quotes = [...first.quotes].sort((a, b) => a.startOffset - b.startOffset);
  return { client, id, first, quotes, pell: named(/Pell/), halloran: named(/Halloran/), dorrit: named(/Dorrit/) };
}

const byStart = (p: { quotes: Quote[] }) => [...p.quotes].sort((a, b) => a.startOffset - b.startOffset);
const speakers = (p: { quotes: Quote[] }) => byStart(p).map((q) => q.speakerId);
/** What the project holds that these routes may change: compared whole before and after a refusal. */
const state = async (client: ApiClient, id: string) => {
  const p = await project(client, id);
  return { characters: p.characters.map(({ voiceTakes: _t, ...c }) => c), quotes: byStart(p) };
};

/** A proposal's change as the apply step takes it. */
const sent = ({ quoteId, fromSpeakerId, toSpeakerId }: Proposal['changes'][number]) => ({
  quoteId,
  fromSpeakerId,
  toSpeakerId,
});

/** The user's own fix, as the speaker picker saves it. */
async function fix(client: ApiClient, id: string, quoteId: string, speakerId: string | null) {
  const p = await project(client, id);
  const quotes = p.quotes.map((q) =>
    q.id === quoteId ? { ...q, speakerId, attributionMethod: 'user' as const, confidence: 1 } : q,
  );
  expect((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status).toBe(200);
}

describe('spreading a fix through its conversation', () => {
  it("proposes the rest of the conversation, applies it as the user's, and keeps it through re-analysis", async () => {
    const { client, id, quotes, pell, halloran, dorrit } = await analysedBook();
    expect(speakers({ quotes }).slice(0, 8)).toEqual([pell, halloran, pell, halloran, pell, halloran, pell, halloran]);
    const fixed = quotes[3]!; // "It was the flood…": the user says Mrs. Pell
    await fix(client, id, fixed.id, pell);
    const before = await state(client, id);

    const proposed = await client.post<Proposal>(`/api/projects/${id}/quotes/${fixed.id}/spread`);
    expect(proposed.status).toBe(200);
    const proposal = proposed.body.data!;
    expect(proposal.conversationQuotes).toBe(8);
    expect(proposal.startOffset).toBe(quotes[0]!.startOffset);
    expect(proposal.changes.map((c) => [c.quoteId, c.fromSpeakerId, c.toSpeakerId])).toEqual([
      [quotes[4]!.id, pell, halloran],
      [quotes[5]!.id, halloran, pell],
      [quotes[6]!.id, pell, halloran],
      [quotes[7]!.id, halloran, pell],
    ]);
    expect(proposal.changes[0]!.excerpt).toBe('Then you will want your supper.');
    expect(await state(client, id)).toEqual(before); // a proposal changes nothing

    const applied = await client.post<{ quotes: Quote[] }>(`/api/projects/${id}/quotes/${fixed.id}/spread/apply`, {
      contentVersion: proposal.contentVersion,
      changes: proposal.changes.map(sent),
    });
    expect(applied.status).toBe(200);
    const after = byStart(applied.body.data!);
    const spread = [pell, halloran, pell, pell, halloran, pell, halloran, pell];
    expect(after.slice(0, 8).map((q) => q.speakerId)).toEqual(spread);
    expect(after.slice(3, 8).every((q) => q.attributionMethod === 'user' && q.confidence === 1)).toBe(true);
    // The other chapter is not touched.
    expect(after.slice(8).map((q) => q.speakerId)).toEqual([dorrit, halloran, dorrit]);

    const again = await analysedProject<ProjectView>(client, id);
    expect(speakers(again).slice(0, 8)).toEqual(spread);
  });

  it('refuses bad input, a stale proposal and a line changed meanwhile with nothing changed; never proposes a user-set line', async () => {
    const { client, id, quotes, halloran, pell } = await analysedBook();
    const fixed = quotes[3]!;
    await fix(client, id, fixed.id, pell);
    const proposal = (await client.post<Proposal>(`/api/projects/${id}/quotes/${fixed.id}/spread`)).body.data!;
    expect(proposal.changes.map((c) => c.quoteId)).toEqual(quotes.slice(4, 8).map((q) => q.id));
    const apply = (body: unknown) => client.post(`/api/projects/${id}/quotes/${fixed.id}/spread/apply`, body);
    const changes = proposal.changes.map(sent);
    const before = await state(client, id);

    expect((await client.post(`/api/projects/${id}/quotes/nope/spread`)).status).toBe(404);
    const empty = await apply({ contentVersion: proposal.contentVersion, changes: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, error: 'changes must list at least one quote' });
    const stranger = await apply({
      contentVersion: proposal.contentVersion,
      changes: [{ ...changes[0]!, toSpeakerId: 'someone-else' }],
    });
    expect(stranger.status).toBe(400);
    expect((await apply({ contentVersion: 'one', changes })).status).toBe(400);
    // The proposal's own fields (excerpt, confidence) are not part of what is applied.
    expect((await apply({ contentVersion: proposal.contentVersion, changes: proposal.changes })).status).toBe(400);
    expect((await apply({ contentVersion: proposal.contentVersion, changes: [changes[0], changes[0]] })).status).toBe(
      400,
    );
    const stale = await apply({ contentVersion: proposal.contentVersion + 1, changes });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('The project changed meanwhile; reload it and try again');
    expect(await state(client, id)).toEqual(before);

    // Another tab confirms a proposed line as it was (Mr. Halloran's) meanwhile: the apply is refused
    // whole, and the next proposal leaves that line alone, since the user's speakers are anchors.
    const confirmed = quotes[7]!;
    await fix(client, id, confirmed.id, halloran);
    const during = await state(client, id);
    const conflict = await apply({ contentVersion: proposal.contentVersion, changes });
    expect(conflict.status).toBe(409);
    expect(await state(client, id)).toEqual(during);
    const next = (await client.post<Proposal>(`/api/projects/${id}/quotes/${fixed.id}/spread`)).body.data!;
    expect(next.changes.map((c) => c.quoteId)).not.toContain(confirmed.id);
    expect(next.changes.map((c) => c.quoteId)).not.toContain(fixed.id);
  });
});

describe("assigning a character's lines in a chapter to another", () => {
  it("counts first, then moves only that chapter's lines, which survive re-analysis", async () => {
    const { client, id, first, quotes, halloran, dorrit } = await analysedBook();
    const chapter1 = first.outline.find((o) => /Kitchen/.test(o.title))!;
    const before = await state(client, id);
    const assign = (body: unknown, from = halloran) =>
      client.post<{ moved: number; quotes?: Quote[] }>(`/api/projects/${id}/characters/${from}/assign`, body);

    const dry = await assign({ toId: dorrit, chapterId: chapter1.id, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toEqual({ moved: 4 });
    expect(await state(client, id)).toEqual(before);

    expect((await assign({ toId: dorrit, chapterId: 'chapter-99' })).status).toBe(404);
    expect((await assign({ toId: halloran, chapterId: chapter1.id })).status).toBe(400);
    expect((await assign({ toId: 'nobody', chapterId: chapter1.id })).status).toBe(400);
    expect((await assign({ toId: dorrit, chapterId: chapter1.id }, 'nobody')).status).toBe(404);
    expect((await assign({ chapterId: chapter1.id })).status).toBe(400);
    expect(await state(client, id)).toEqual(before);

    const done = await assign({ toId: dorrit, chapterId: chapter1.id });
    expect(done.status).toBe(200);
    expect(done.body.data!.moved).toBe(4);
    const expected = quotes.map((q, k) => (k < 8 && q.speakerId === halloran ? dorrit : q.speakerId));
    expect(speakers(done.body.data as { quotes: Quote[] })).toEqual(expected);
    expect(byStart(done.body.data as { quotes: Quote[] })[9]!.speakerId).toBe(halloran); // chapter II keeps its own

    expect(speakers(await analysedProject<ProjectView>(client, id))).toEqual(expected);
  });
});

describe('splitting lines off into a new character', () => {
  it("moves the chosen lines to a new character of the user's, kept by re-analysis; refusals change nothing", async () => {
    const { client, id, quotes, pell, halloran } = await analysedBook();
    const pellLines = quotes.filter((q) => q.speakerId === pell).map((q) => q.id);
    const split = (body: unknown) =>
      client.post<{ characterId: string; characters: Character[]; quotes: Quote[] }>(
        `/api/projects/${id}/characters/${pell}/split`,
        body,
      );
    const before = await state(client, id);
    const base = { name: 'Aunt Pell', color: '#2a6f97' };
    expect((await split({ ...base, quoteIds: [] })).status).toBe(400);
    const notHers = await split({ ...base, quoteIds: [quotes.find((q) => q.speakerId === halloran)!.id] });
    expect(notHers.status).toBe(400);
    expect(notHers.body.error).toMatch(/is not a line of Mrs\. Pell/);
    expect((await split({ ...base, name: 'mrs pell', quoteIds: pellLines.slice(0, 1) })).status).toBe(409);
    expect((await split({ ...base, name: '', quoteIds: pellLines.slice(0, 1) })).status).toBe(400);
    expect((await split({ ...base, color: 'red', quoteIds: pellLines.slice(0, 1) })).status).toBe(400);
    expect((await split({ ...base, quoteIds: ['nope'] })).status).toBe(404);
    expect(await state(client, id)).toEqual(before);

    const done = await split({ ...base, quoteIds: pellLines.slice(1, 3) });
    expect(done.status).toBe(200);
    const aunt = done.body.data!.characters.find((c) => c.id === done.body.data!.characterId)!;
    expect(aunt).toMatchObject({ name: 'Aunt Pell', color: '#2a6f97', isUserCreated: true });
    const moved = (p: { quotes: Quote[] }) =>
      p.quotes
        .filter((q) => q.speakerId === aunt.id)
        .map((q) => q.id)
        .sort();
    expect(moved(done.body.data!)).toEqual(pellLines.slice(1, 3).sort());
    expect(done.body.data!.quotes.filter((q) => q.speakerId === pell)).toHaveLength(pellLines.length - 2);

    const again = await analysedProject<ProjectView>(client, id);
    expect(again.characters.find((c) => c.id === aunt.id)?.name).toBe('Aunt Pell');
    expect(moved(again)).toEqual(pellLines.slice(1, 3).sort());
  });
});

describe('the casting breakdown', () => {
  it('answers the figures of breakdown.csv', async () => {
    const { client, id } = await analysedBook();
    const json = await client.get<{
      chapters: { number: number; title: string }[];
      entries: { name: string; lines: number; perChapter: { chapter: number; lines: number; words: number }[] }[];
    }>(`/api/projects/${id}/breakdown`);
    expect(json.status).toBe(200);
    const csv = await fetch(`${client.baseUrl}/api/projects/${id}/export/breakdown.csv`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    const { chapters, entries } = json.body.data!;
    const fromJson = entries.flatMap((e) =>
      e.perChapter.map((c) => `${e.name},${c.chapter},${chapters[c.chapter - 1]!.title},${c.lines},${c.words}`),
    );
    expect(rows).toEqual(fromJson);
    expect(entries.find((e) => /Halloran/.test(e.name))!.perChapter.map((c) => c.lines)).toEqual([4, 1]);
    expect((await client.get(`/api/projects/00000000-0000-4000-8000-000000000000/breakdown`)).status).toBe(404);
  });
});
